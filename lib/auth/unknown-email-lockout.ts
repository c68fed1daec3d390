// The lockout of an email that has no account, so that a locked account cannot be told from an unknown
// email by its Retry-After: the same 10 failures open the same 30-minute refusal. Counted in the store
// (per node without Redis), keyed by a hash so the store never holds the email itself.
import { sha256Hex } from '../crypto/hash';
import type { Runtime } from '../runtime';
import { consumeOrRetryAfter, createRateLimiter } from '../store/rate-limiter';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_SECONDS = 30 * 60;
/** How long failures on an unknown email are remembered (a known account remembers them until a success). */
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

const LIMITERS = Symbol.for('vault.unknown-email-lockout');
type Holder = { [LIMITERS]?: WeakMap<object, RateLimiterAbstract> };
const holder = globalThis as Holder;

function limiterFor(runtime: Pick<Runtime, 'store'>): RateLimiterAbstract {
  const byStore = (holder[LIMITERS] ??= new WeakMap());
  let limiter = byStore.get(runtime.store);
  if (!limiter) {
    limiter = createRateLimiter(runtime.store, {
      name: 'login-unknown-email',
      points: MAX_FAILED_LOGINS - 1,
      durationSeconds: FAILURE_MEMORY_SECONDS,
      blockSeconds: LOCKOUT_SECONDS,
    });
    byStore.set(runtime.store, limiter);
  }
  return limiter;
}

/** Counts a failed login on an email without an account; the Retry-After seconds once it is "locked". */
export function failUnknownEmail(runtime: Pick<Runtime, 'store'>, email: string): Promise<number | null> {
  return consumeOrRetryAfter(limiterFor(runtime), sha256Hex(email.trim().toLowerCase()));
}
