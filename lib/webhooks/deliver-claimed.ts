// Sends one claimed delivery and records the attempt: the stored body, signed now with the endpoint's
// secret(s) under a fresh `webhook-timestamp`, with the same `webhook-id` (the event id) on every retry.
// 2xx delivered; 410 disables the endpoint; anything else (3xx included: redirects are not followed), a
// time-out or a refused address is retried on the schedule (a refused attempt is recorded as such: its
// error starts with `refused:` and it counts as outcome `refused`; nothing was sent).
import type { Runtime } from '../runtime/types';
import type { ClaimedDelivery } from './claim-deliveries';
import { maskCardNumbers } from './mask-card-numbers';
import { postWebhook } from './post-webhook';
import { recordDeliveryAttempt, type AttemptOutcome, type RecordedAttempt } from './record-delivery-attempt';
import { nextRetryDelayMs, parseRetryAfter } from './retry-schedule';
import { signWebhook } from './signature';
import { signingSecrets, type SigningSecretCache } from './signing-secrets';
import { USER_AGENT } from './user-agent';

export type DeliveryRuntime = Pick<Runtime, 'db' | 'keyring' | 'config' | 'logger' | 'webhooks'>;

export async function deliverClaimed(runtime: DeliveryRuntime, cache: SigningSecretCache, claimed: ClaimedDelivery): Promise<RecordedAttempt & { outcome?: AttemptOutcome }> {
  const { config } = runtime;
  if (!claimed.enabled) {
    await runtime.db.sql.query("UPDATE webhook_deliveries SET status = 'cancelled', claim_id = NULL, updated_at = now() WHERE id = $1::uuid AND claim_id = $2::uuid", [claimed.id, claimed.claim_id]);
    return { recorded: false };
  }
  const attemptedAt = new Date();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const secrets = await signingSecrets(runtime, cache, claimed, attemptedAt);
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': claimed.event_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook({ id: claimed.event_id, timestamp, body: claimed.body, secrets }),
  };
  const answer = await postWebhook(runtime.webhooks, { url: claimed.url, headers, body: claimed.body, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
  const statusCode = answer.kind === 'answered' ? answer.statusCode : null;
  const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const gone = statusCode === 410;
  const retryAfter = answer.kind === 'answered' ? parseRetryAfter(answer.headers['retry-after'], attemptedAt.getTime()) : null;
  const delay = succeeded || gone ? null : nextRetryDelayMs(config.WEBHOOK_RETRY_SCHEDULE, claimed.attempts + 1, retryAfter);
  const outcome: AttemptOutcome = {
    timestamp,
    attemptedAt,
    statusCode,
    latencyMs: answer.latencyMs,
    responseBody: answer.kind === 'answered' ? maskCardNumbers(answer.body) : null,
    error: answer.kind === 'answered' ? null : answer.error,
    refused: answer.kind === 'refused',
    succeeded,
    gone,
    retryAt: delay === null ? null : new Date(Date.now() + delay),
  };
  const recorded = await recordDeliveryAttempt(runtime.db.sql, claimed, outcome, { disableAfterMs: config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000 });
  if (!recorded.recorded) runtime.logger.warn({ deliveryId: claimed.id, eventId: claimed.event_id }, 'webhook attempt finished after its claim lapsed; not recorded');
  return { ...recorded, outcome };
}
