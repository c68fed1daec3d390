// Webhook delivery attempts by outcome: succeeded, retrying (failed, another attempt is scheduled),
// exhausted (failed for good: after the schedule's last attempt, or a 410 Gone), refused (the address was
// not public and not in WEBHOOK_ALLOWED_PRIVATE_HOSTS: nothing was sent).
import { labelledCounter } from './labelled-counter';

export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'exhausted' | 'refused';
const OUTCOMES: readonly WebhookAttemptOutcome[] = ['succeeded', 'retrying', 'exhausted', 'refused'];

const byOutcome = labelledCounter({
  id: 'webhooks',
  name: 'vault_webhook_deliveries_total',
  help: 'Webhook delivery attempts recorded, by outcome: succeeded, retrying, exhausted, refused.',
  label: 'outcome',
  values: OUTCOMES,
});

export function recordWebhookAttempt(outcome: WebhookAttemptOutcome): void {
  byOutcome(outcome);
}
