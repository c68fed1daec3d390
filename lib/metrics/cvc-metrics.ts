// CVC sessions: created (tokenize with a cvv), used (taken by a proxy call or a payment), expired (a take
// that found no session: the store drops sessions at their TTL by itself, so an expired session, one
// already used and one that never existed are the same miss) and deleted (DELETE /cvc-session).
import { labelledCounter } from './labelled-counter';

export type CvcEvent = 'created' | 'used' | 'expired' | 'deleted';
const EVENTS: readonly CvcEvent[] = ['created', 'used', 'expired', 'deleted'];

const byEvent = labelledCounter({
  id: 'cvc',
  name: 'vault_cvc_sessions_total',
  help: 'CVC sessions by event: created, used, expired (asked for but gone: expired, already used or unknown), deleted.',
  label: 'event',
  values: EVENTS,
});

export function recordCvcSession(event: CvcEvent): void {
  byEvent(event);
}
