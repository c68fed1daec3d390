// Reading the events (outbox) a flow wrote, straight from webhook_events, and the fan-out to endpoints
// made for a test (inserted as rows: their secret columns hold any bytes, nothing here signs or sends).
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eventEnvelopeSchema } from '../../lib/events/event-data-schemas';
import type { EventType } from '../../lib/events/event-types';
import type { Runtime } from '../../lib/runtime/types';

export type StoredEvent = {
  id: string;
  type: string;
  project_id: string;
  dedupe_key: string | null;
  created_at: Date;
  body: string;
  envelope: { id: string; type: string; timestamp: string; project_id: string; livemode: boolean; data: Record<string, unknown> };
};

type Db = Pick<Runtime, 'db'>;

/** Events of these projects (of one type when given), oldest first; `match` picks by the envelope's data. */
export async function storedEvents(
  runtime: Db,
  filter: { projectIds: string[]; type?: string; match?: (data: Record<string, unknown>) => boolean },
): Promise<StoredEvent[]> {
  const rows = await runtime.db.sql.query<Omit<StoredEvent, 'envelope'>>(
    `SELECT id, type, project_id::text AS project_id, dedupe_key, created_at, body FROM webhook_events
     WHERE project_id = ANY($1::uuid[]) AND ($2::text IS NULL OR type = $2) ORDER BY created_at, id`,
    [filter.projectIds, filter.type ?? null],
  );
  const events = rows.map((row) => ({ ...row, envelope: JSON.parse(row.body) as StoredEvent['envelope'] }));
  return filter.match ? events.filter((event) => filter.match!(event.envelope.data)) : events;
}

/**
 * The stored body is exactly the envelope {id, type, timestamp, project_id, livemode, data}, in that order,
 * valid under its type's documented schema, agreeing with its row (id, type, project, created_at as timestamp).
 */
export function expectEnvelope(event: StoredEvent, expected: { type: EventType; projectId: string; livemode: boolean; data: Record<string, unknown> }): void {
  expect(Object.keys(event.envelope)).toEqual(['id', 'type', 'timestamp', 'project_id', 'livemode', 'data']);
  // Exactly what the OpenAPI document's `webhooks` promise receivers (strict: no field beyond its schema).
  expect(eventEnvelopeSchema(expected.type).safeParse(event.envelope).error).toBeUndefined();
  expect(event.envelope).toEqual({
    id: event.id,
    type: expected.type,
    timestamp: event.created_at.toISOString(),
    project_id: expected.projectId,
    livemode: expected.livemode,
    data: expected.data,
  });
  expect(event.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
  expect(event).toMatchObject({ type: expected.type, project_id: expected.projectId });
}

/** The one event of `type` whose data matches; fails unless there is exactly one. */
export async function onlyEvent(runtime: Db, projectIds: string[], type: string, match: (data: Record<string, unknown>) => boolean): Promise<StoredEvent> {
  const events = await storedEvents(runtime, { projectIds, type, match });
  expect(events, `events of type ${type}`).toHaveLength(1);
  return events[0]!;
}

/**
 * An endpoint row of `projectId` subscribed to `eventTypes` (['*'] for all); returns its id. Its URL is a
 * loopback port nothing listens on (and its secret cannot be opened): a worker running by mistake sends
 * nothing anywhere.
 */
export async function insertEndpoint(runtime: Db, projectId: string, eventTypes: string[], options: { enabled?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  await runtime.db.sql.query(
    `INSERT INTO webhook_endpoints (id, project_id, url, event_types, enabled, secret_sealed, secret_key_version)
     VALUES ($1::uuid, $2::uuid, $3, $4::text[], $5, $6, 1)`,
    [id, projectId, `https://localhost:9/${id}`, eventTypes, options.enabled ?? true, randomBytes(48)],
  );
  return id;
}

/** The endpoints an event was fanned out to (sorted), each delivery pending and due at the event's time. */
export async function deliveredTo(runtime: Db, event: StoredEvent): Promise<string[]> {
  const rows = await runtime.db.sql.query<{ endpoint_id: string; project_id: string; status: string; attempts: number; next_attempt_at: Date }>(
    'SELECT endpoint_id::text AS endpoint_id, project_id::text AS project_id, status::text AS status, attempts, next_attempt_at FROM webhook_deliveries WHERE event_id = $1',
    [event.id],
  );
  for (const row of rows) {
    expect(row).toMatchObject({ project_id: event.project_id, attempts: 0 });
    expect(row.next_attempt_at.getTime()).toBe(event.created_at.getTime());
  }
  return rows.map((row) => row.endpoint_id).sort();
}

/** No event body of these projects holds any of these card numbers, as sent or with separators removed. */
export async function expectNoCardNumbersInEvents(runtime: Db, projectIds: string[], cardNumbers: string[]): Promise<void> {
  const events = await storedEvents(runtime, { projectIds });
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    const compact = event.body.replace(/[\s-]/g, '');
    for (const cardNumber of cardNumbers) {
      expect(event.body).not.toContain(cardNumber);
      expect(compact).not.toContain(cardNumber.replace(/\D/g, ''));
    }
  }
}
