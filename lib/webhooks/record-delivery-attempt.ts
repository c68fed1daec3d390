// Ends one claimed attempt, in one transaction: the attempt row (written once), the delivery's new state
// (succeeded; pending again at the next retry; exhausted after the schedule's last attempt) and the
// endpoint's health. Only while the claim is still this worker's: a worker whose lease lapsed (it stalled
// for longer than an attempt may take) records nothing, since another worker re-sent that attempt.
// 410 Gone disables the endpoint; so does failing continuously for WEBHOOK_DISABLE_AFTER_SECONDS. A
// disabled endpoint's waiting deliveries are cancelled.
import type { SqlClient } from '../db/connect';
import { recordWebhookAttempt } from '../metrics/webhook-metrics';
import type { ClaimedDelivery } from './claim-deliveries';

export type AttemptOutcome = {
  /** The `webhook-timestamp` the attempt was signed with. */
  timestamp: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  /** The dispatcher refused the address (private, loopback, link-local): nothing was sent. */
  refused?: boolean;
  succeeded: boolean;
  /** 410 from the receiver: disable the endpoint. */
  gone: boolean;
  /** When to try again (null: no more attempts). */
  retryAt: Date | null;
};

export type RecordedAttempt = { recorded: false } | { recorded: true; attempt: number; disabled: 'gone' | 'failing' | null };

const RECORD = `
  WITH updated AS (
    UPDATE webhook_deliveries
    -- A retry of an endpoint disabled while this attempt was in flight is cancelled, not left waiting.
    SET status = (CASE WHEN $3::text = 'pending' AND NOT EXISTS (
          SELECT 1 FROM webhook_endpoints endpoint WHERE endpoint.id = webhook_deliveries.endpoint_id AND endpoint.enabled
        ) THEN 'cancelled' ELSE $3::text END)::"WebhookDeliveryStatus",
      attempts = attempts + 1, next_attempt_at = COALESCE($4::timestamptz, next_attempt_at), claim_id = NULL,
      last_attempt_at = $5::timestamptz, last_status_code = $6::int, updated_at = $5::timestamptz
    WHERE id = $1::uuid AND claim_id = $2::uuid
    RETURNING id, attempts
  )
  INSERT INTO webhook_attempts (id, delivery_id, attempt, timestamp, status_code, latency_ms, response_body, error, succeeded, created_at)
  SELECT gen_random_uuid(), id, attempts, $7::int, $6::int, $8::int, $9, $10, $11::boolean, $5::timestamptz FROM updated
  RETURNING attempt`;

const HEALTHY = 'UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1::uuid AND failing_since IS NOT NULL';
const FAILING = `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2::timestamptz) WHERE id = $1::uuid RETURNING failing_since, enabled`;
const DISABLE = `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1::uuid AND enabled RETURNING id`;
export const CANCEL_WAITING = `UPDATE webhook_deliveries SET status = 'cancelled', claim_id = NULL, updated_at = now() WHERE endpoint_id = $1::uuid AND status = 'pending'`;

export async function recordDeliveryAttempt(
  sql: Pick<SqlClient, 'transaction'>,
  claimed: Pick<ClaimedDelivery, 'id' | 'claim_id' | 'endpoint_id'>,
  outcome: AttemptOutcome,
  options: { disableAfterMs: number },
): Promise<RecordedAttempt> {
  const status = outcome.succeeded ? 'succeeded' : outcome.retryAt && !outcome.gone ? 'pending' : 'exhausted';
  const recorded = await sql.transaction(async (tx): Promise<RecordedAttempt> => {
    const [row] = await tx.query<{ attempt: number }>(
      RECORD,
      [claimed.id, claimed.claim_id, status, status === 'pending' ? outcome.retryAt : null, outcome.attemptedAt, outcome.statusCode, outcome.timestamp, outcome.latencyMs, outcome.responseBody, outcome.error, outcome.succeeded],
      'webhooks_record_attempt',
    );
    if (!row) return { recorded: false };
    const disable = async (reason: 'gone' | 'failing') => {
      const [disabled] = await tx.query(DISABLE, [claimed.endpoint_id, reason]);
      if (!disabled) return null;
      await tx.query(CANCEL_WAITING, [claimed.endpoint_id]);
      return reason;
    };
    if (outcome.succeeded) {
      await tx.query(HEALTHY, [claimed.endpoint_id], 'webhooks_endpoint_healthy');
      return { recorded: true, attempt: row.attempt, disabled: null };
    }
    if (outcome.gone) return { recorded: true, attempt: row.attempt, disabled: await disable('gone') };
    const [endpoint] = await tx.query<{ failing_since: Date; enabled: boolean }>(FAILING, [claimed.endpoint_id, outcome.attemptedAt], 'webhooks_endpoint_failing');
    const failingFor = endpoint ? outcome.attemptedAt.getTime() - new Date(endpoint.failing_since).getTime() : 0;
    const disabled = endpoint?.enabled && failingFor >= options.disableAfterMs ? await disable('failing') : null;
    return { recorded: true, attempt: row.attempt, disabled };
  });
  // Counted once committed: a lapsed claim records nothing, and neither does the metric.
  if (recorded.recorded) recordWebhookAttempt(outcome.refused ? 'refused' : status === 'pending' ? 'retrying' : status);
  return recorded;
}
