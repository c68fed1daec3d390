// Card testing: POST /checkout/{id}/pay is counted per client IP across sessions (CHECKOUT_PAY_LIMIT_PER_MINUTE,
// default 10 a minute) and per session (2 × MAX_CHECKOUT_ATTEMPTS = 10 a minute, or the per-IP limit when
// that is higher: a customer can use all 5 attempts and mistype as often again). Every Pay counts, refused or
// not, before anything else is looked at (so guessing session ids counts too). Beyond either limit: 429
// `rate_limited` with Retry-After and a message the checkout page shows as it is. Counted in the store
// (Redis when configured, so every node counts together); the store down answers 503, never "no limit".
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { consumeOrRetryAfter, createRateLimiter, limitersOnStore } from '../store/rate-limiter';
import { MAX_CHECKOUT_ATTEMPTS } from './checkout-rules';

export const CHECKOUT_PAY_WINDOW_SECONDS = 60;

/** The two limits a configuration gives (requests per CHECKOUT_PAY_WINDOW_SECONDS). */
export function checkoutPayLimits(config: Pick<Runtime['config'], 'CHECKOUT_PAY_LIMIT_PER_MINUTE'>): { perIp: number; perSession: number } {
  const perIp = config.CHECKOUT_PAY_LIMIT_PER_MINUTE;
  return { perIp, perSession: Math.max(2 * MAX_CHECKOUT_ATTEMPTS, perIp) };
}

/** The 429's message: what happened and what to do, shown by the checkout page and sent in PAYMENT_ERROR. */
export function checkoutPayLimitMessage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return `Too many payment requests in a short time. Please wait ${wait} and try again.`;
}

type LimitDeps = Pick<Runtime, 'store'> & { config: Pick<Runtime['config'], 'CHECKOUT_PAY_LIMIT_PER_MINUTE'> };

function limitersFor(runtime: LimitDeps) {
  const { perIp, perSession } = checkoutPayLimits(runtime.config);
  return limitersOnStore(runtime.store, `checkout-pay:${perIp}/${perSession}`, () => ({
    ip: createRateLimiter(runtime.store, { name: 'checkout-pay-ip', points: perIp, durationSeconds: CHECKOUT_PAY_WINDOW_SECONDS }),
    session: createRateLimiter(runtime.store, { name: 'checkout-pay-session', points: perSession, durationSeconds: CHECKOUT_PAY_WINDOW_SECONDS }),
  }));
}

function rateLimited(retryAfterSeconds: number): VaultError {
  return Object.assign(new VaultError('rate_limited', checkoutPayLimitMessage(retryAfterSeconds)), { retryAfterSeconds });
}

/** One Pay from this client address: 429 beyond CHECKOUT_PAY_LIMIT_PER_MINUTE. */
export async function limitCheckoutPayByIp(runtime: LimitDeps, ip: string | null): Promise<void> {
  const retryAfter = await consumeOrRetryAfter(limitersFor(runtime).ip, ip ?? 'unknown');
  if (retryAfter !== null) throw rateLimited(retryAfter);
}

/** One Pay of this (existing) session: 429 beyond its own bound. */
export async function limitCheckoutPayBySession(runtime: LimitDeps, sessionId: string): Promise<void> {
  const retryAfter = await consumeOrRetryAfter(limitersFor(runtime).session, sessionId);
  if (retryAfter !== null) throw rateLimited(retryAfter);
}
