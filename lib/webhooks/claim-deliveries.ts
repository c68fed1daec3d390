// Claims due deliveries for this worker: one statement picks them with FOR UPDATE SKIP LOCKED (workers on
// other processes skip rows already being claimed, never wait on them, never take the same row), marks
// them `sending` under a fresh claim id with a lease, and returns what sending needs: the event's stored
// body and the endpoint. A claim whose worker died is taken over once its lease lapses, so a crash loses
// nothing and re-sends at most the attempt that was in flight.
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/connect';

export type ClaimedDelivery = {
  id: string;
  claim_id: string;
  /** Attempts already recorded: this one is attempts + 1. */
  attempts: number;
  event_id: string;
  body: string;
  endpoint_id: string;
  project_id: string;
  url: string;
  enabled: boolean;
  endpoint_updated_at: Date;
  secret_sealed: Uint8Array;
  secret_key_version: number;
  previous_secret_sealed: Uint8Array | null;
  previous_secret_key_version: number | null;
  previous_secret_expires_at: Date | null;
};

const CLAIM = `
  UPDATE webhook_deliveries delivery
  SET status = 'sending', claim_id = $1::uuid, next_attempt_at = now() + make_interval(secs => $2::int), updated_at = now()
  FROM (
    SELECT id FROM webhook_deliveries
    WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
    ORDER BY next_attempt_at
    LIMIT $3
    FOR UPDATE SKIP LOCKED
  ) due, webhook_events event, webhook_endpoints endpoint
  WHERE delivery.id = due.id AND event.id = delivery.event_id AND endpoint.id = delivery.endpoint_id
  RETURNING delivery.id, delivery.claim_id, delivery.attempts, event.id AS event_id, event.body,
    endpoint.id AS endpoint_id, endpoint.project_id, endpoint.url, endpoint.enabled, endpoint.updated_at AS endpoint_updated_at,
    endpoint.secret_sealed, endpoint.secret_key_version, endpoint.previous_secret_sealed,
    endpoint.previous_secret_key_version, endpoint.previous_secret_expires_at`;

/** Up to `limit` due deliveries, claimed for `leaseSeconds` (longer than an attempt can take). */
export async function claimDeliveries(sql: Pick<SqlClient, 'query'>, options: { limit: number; leaseSeconds: number }): Promise<ClaimedDelivery[]> {
  return sql.query<ClaimedDelivery>(CLAIM, [randomUUID(), options.leaseSeconds, options.limit], 'webhooks_claim');
}
