// CVC sessions: created (tokenize with a cvv), used (taken by a proxy call or a payment), expired (a take
// that found no session: the store drops sessions at their TTL by itself, so an expired session, one
// already used and one that never existed are the same miss) and deleted (DELETE /cvc-session).
import { Counter } from 'prom-client';
import { processWide } from './registry';

export type CvcEvent = 'created' | 'used' | 'expired' | 'deleted';
const EVENTS: readonly CvcEvent[] = ['created', 'used', 'expired', 'deleted'];

const byEvent = processWide('cvc', (registry) => {
  const counter = new Counter({
    name: 'vault_cvc_sessions_total',
    help: 'CVC sessions by event: created, used, expired (asked for but gone: expired, already used or unknown), deleted.',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  return new Map(EVENTS.map((event) => [event, counter.labels(event)]));
});

export function recordCvcSession(event: CvcEvent): void {
  byEvent.get(event)!.inc();
}
