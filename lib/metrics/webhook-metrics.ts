// Webhook delivery attempts by outcome: succeeded, retrying (failed, another attempt is scheduled),
// exhausted (failed for good: after the schedule's last attempt, or a 410 Gone).
import { labelledCounter } from './labelled-counter';

export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'exhausted';
const OUTCOMES: readonly WebhookAttemptOutcome[] = ['succeeded', 'retrying', 'exhausted'];

const byOutcome = labelledCounter({
  id: 'webhooks',
  name: 'vault_webhook_deliveries_total',
  help: 'Webhook delivery attempts recorded, by outcome: succeeded, retrying, exhausted.',
  label: 'outcome',
  values: OUTCOMES,
});

export function recordWebhookAttempt(outcome: WebhookAttemptOutcome): void {
  byOutcome(outcome);
}
