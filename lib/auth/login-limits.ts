// Login and MFA attempts: at most 100 per 15 minutes per IP, and per account (Redis-backed when
// configured, so every node counts together). Answer 429 with Retry-After.
import { VaultError, messages } from '../http/errors';
import type { Runtime } from '../runtime';
import { consumeOrRetryAfter, createRateLimiter } from '../store/rate-limiter';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';

const WINDOW_SECONDS = 15 * 60;
const ATTEMPTS = 100;

const LIMITERS = Symbol.for('vault.login-limiters');
type Holder = { [LIMITERS]?: WeakMap<object, { ip: RateLimiterAbstract; account: RateLimiterAbstract }> };
const holder = globalThis as Holder;

function limitersFor(runtime: Pick<Runtime, 'store'>) {
  const byStore = (holder[LIMITERS] ??= new WeakMap());
  let limiters = byStore.get(runtime.store);
  if (!limiters) {
    limiters = {
      ip: createRateLimiter(runtime.store, { name: 'login-ip', points: ATTEMPTS, durationSeconds: WINDOW_SECONDS }),
      account: createRateLimiter(runtime.store, { name: 'login-account', points: ATTEMPTS, durationSeconds: WINDOW_SECONDS }),
    };
    byStore.set(runtime.store, limiters);
  }
  return limiters;
}

export async function limitLoginAttempt(runtime: Pick<Runtime, 'store'>, options: { ip: string | null; account: string }): Promise<void> {
  const limiters = limitersFor(runtime);
  const retryAfter =
    (await consumeOrRetryAfter(limiters.ip, options.ip ?? 'unknown')) ?? (await consumeOrRetryAfter(limiters.account, options.account.trim().toLowerCase()));
  if (retryAfter !== null) throw Object.assign(new VaultError('rate_limited', messages.tooManyRequests), { retryAfterSeconds: retryAfter });
}
