// Writes an event (the outbox row) and its deliveries, one per enabled endpoint of the project subscribed
// to the type, in ONE statement on the caller's transaction: the event exists exactly when the change it
// reports is committed. The envelope is serialised here, once, and stored: every delivery and every retry
// sends these bytes. When deliveries were queued, a NOTIFY (sent by PostgreSQL at commit, to every node)
// wakes the workers; projects without endpoints pay no NOTIFY.
import type { SqlClient } from '../db/connect';
import { randomIdentifier62 } from '../crypto/random';
import type { EventType } from './event-types';

export const WEBHOOK_CHANNEL = 'vault_webhooks';

export type NewEvent = {
  projectId: string;
  /** True for production projects (Stripe's `livemode`). */
  livemode: boolean;
  type: EventType;
  /** Never a PAN, CVV or credential: ids, amounts, brand and last 4 at most. */
  data: Record<string, unknown>;
  /** An event that must exist once per cause: a second one with the same key is not written. */
  dedupeKey?: string;
  /** Only this endpoint gets it (test events); otherwise every subscribed one. */
  endpointId?: string;
  createdAt?: Date;
};

export type Envelope = { id: string; type: EventType; timestamp: string; project_id: string; livemode: boolean; data: Record<string, unknown> };

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Milliseconds since the epoch in 8 base62 digits (until the year 8888): ids sort by creation time. */
function timePrefix(ms: number): string {
  let text = '';
  for (let rest = ms, index = 0; index < 8; index++, rest = Math.floor(rest / 62)) text = BASE62[rest % 62]! + text;
  return text;
}

/**
 * `evt_` + 24 base62 characters: the creation time (8) then 16 random (95 bits). Time-ordered, so the
 * primary key grows at its right edge like a sequence instead of touching a random page per insert (the
 * event is written in tokenize's own statement, on the hot path).
 */
export const newEventId = (): string => `evt_${timePrefix(Date.now())}${randomIdentifier62(16)}`;

/** The envelope's JSON text: id, type, timestamp (ISO 8601), project_id, livemode, data. */
export function serialiseEnvelope(id: string, event: NewEvent, createdAt: Date): string {
  const envelope: Envelope = { id, type: event.type, timestamp: createdAt.toISOString(), project_id: event.projectId, livemode: event.livemode, data: event.data };
  return JSON.stringify(envelope);
}

/** The subscription rule, shared with the tokenize statement: an enabled endpoint of the project listing the type or `*`. */
export const SUBSCRIBED_ENDPOINT = (event: string) =>
  `endpoint.project_id = ${event}.project_id AND endpoint.enabled AND (endpoint.event_types @> ARRAY[${event}.type] OR endpoint.event_types @> ARRAY['*'])`;

/** Deliveries for the rows of `events` (a CTE of inserted events), and one NOTIFY when there are any. */
export const FAN_OUT = (events: string) => `
  fanned AS (
    INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id, next_attempt_at, created_at, updated_at)
    SELECT gen_random_uuid(), ${events}.id, endpoint.id, ${events}.project_id, ${events}.created_at, ${events}.created_at, ${events}.created_at
    FROM ${events} JOIN webhook_endpoints endpoint ON ${SUBSCRIBED_ENDPOINT(events)}
    RETURNING 1
  )`;
// Counted, not selected: pg_notify returns void, which drivers cannot read. Volatile, so it is evaluated.
export const NOTIFY_IF_FANNED = `(SELECT count(*) FROM (SELECT pg_notify('${WEBHOOK_CHANNEL}', '') FROM fanned LIMIT 1) AS notify)::int`;

const RECORD_EVENT = `
  WITH event AS (
    INSERT INTO webhook_events (id, project_id, type, body, dedupe_key, created_at)
    VALUES ($1, $2::uuid, $3, $4, $5, $6::timestamptz)
    ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
    RETURNING id, project_id, type, created_at
  ),
  ${FAN_OUT('event')}
  SELECT (SELECT count(*) FROM event)::int AS events, ${NOTIFY_IF_FANNED} AS notified`;

const RECORD_TEST_EVENT = `
  WITH event AS (
    INSERT INTO webhook_events (id, project_id, type, body, created_at)
    VALUES ($1, $2::uuid, $3, $4, $5::timestamptz)
    RETURNING id, project_id, created_at
  ),
  fanned AS (
    INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id, next_attempt_at, created_at, updated_at)
    SELECT gen_random_uuid(), event.id, $6::uuid, event.project_id, event.created_at, event.created_at, event.created_at FROM event
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM event)::int AS events, ${NOTIFY_IF_FANNED} AS notified`;

/** Writes the event on `sql` (the caller's transaction); null when its dedupe key was already used. */
export async function recordEvent(sql: Pick<SqlClient, 'query'>, event: NewEvent): Promise<{ id: string } | null> {
  const id = newEventId();
  const createdAt = event.createdAt ?? new Date();
  const body = serialiseEnvelope(id, event, createdAt);
  const [row] = event.endpointId
    ? await sql.query<{ events: number }>(RECORD_TEST_EVENT, [id, event.projectId, event.type, body, createdAt, event.endpointId])
    : await sql.query<{ events: number }>(RECORD_EVENT, [id, event.projectId, event.type, body, event.dedupeKey ?? null, createdAt]);
  return row && row.events > 0 ? { id } : null;
}
