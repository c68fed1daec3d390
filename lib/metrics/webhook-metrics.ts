// Webhook delivery attempts by outcome: succeeded, retrying (failed, another attempt is scheduled),
// exhausted (failed for good: after the schedule's last attempt, or a 410 Gone).
import { Counter } from 'prom-client';
import { processWide } from './registry';

export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'exhausted';
const OUTCOMES: readonly WebhookAttemptOutcome[] = ['succeeded', 'retrying', 'exhausted'];

const byOutcome = processWide('webhooks', (registry) => {
  const counter = new Counter({
    name: 'vault_webhook_deliveries_total',
    help: 'Webhook delivery attempts recorded, by outcome: succeeded, retrying, exhausted.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return new Map(OUTCOMES.map((outcome) => [outcome, counter.labels(outcome)]));
});

export function recordWebhookAttempt(outcome: WebhookAttemptOutcome): void {
  byOutcome.get(outcome)!.inc();
}
