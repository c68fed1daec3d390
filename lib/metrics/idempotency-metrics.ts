// Idempotency-Key replays: a repeated request answered with the stored first response.
import { Counter } from 'prom-client';
import { processWide } from './registry';

const replays = processWide(
  'idempotency',
  (registry) =>
    new Counter({
      name: 'vault_idempotency_replays_total',
      help: 'Requests answered by replaying the stored response of an earlier request with the same Idempotency-Key.',
      registers: [registry],
    }),
);

export function recordIdempotentReplay(): void {
  replays.inc();
}
