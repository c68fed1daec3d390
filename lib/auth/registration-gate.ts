// Who may knock on the three registration doors (/auth/send-verification-code, /auth/verify-email-code,
// /auth/register). VAULT_REGISTRATION=closed (the default) shuts them: 403 `registration_closed`, people
// join an account by invitation. Open, each door counts against two limits of its own (not the login
// ones, so registration traffic never uses up sign-in attempts): 30 requests per hour per client IP and
// 10 per hour per email (keyed by a hash: the store never holds the email). Beyond either, 429 with
// Retry-After. The per-email limit also bounds the mails one address can be sent.
import { sha256Hex } from '../crypto/hash';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { consumeOrRetryAfter, createRateLimiter, limitersOnStore } from '../store/rate-limiter';

export const REGISTRATION_WINDOW_SECONDS = 60 * 60;
export const REGISTRATION_ATTEMPTS_PER_IP = 30;
export const REGISTRATION_ATTEMPTS_PER_EMAIL = 10;
export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed';

function limitersFor(runtime: Pick<Runtime, 'store'>) {
  return limitersOnStore(runtime.store, 'registration', () => ({
    ip: createRateLimiter(runtime.store, { name: 'registration-ip', points: REGISTRATION_ATTEMPTS_PER_IP, durationSeconds: REGISTRATION_WINDOW_SECONDS }),
    email: createRateLimiter(runtime.store, { name: 'registration-email', points: REGISTRATION_ATTEMPTS_PER_EMAIL, durationSeconds: REGISTRATION_WINDOW_SECONDS }),
  }));
}

/** 403 `registration_closed` unless VAULT_REGISTRATION=open: checked before anything else of the request. */
export function assertRegistrationOpen(runtime: Pick<Runtime, 'config'>): void {
  if (runtime.config.VAULT_REGISTRATION !== 'open') throw new VaultError('registration_closed', REGISTRATION_CLOSED_MESSAGE);
}

/** One request on a registration door: counts for the client IP and for the email; 429 beyond either. */
export async function limitRegistrationAttempt(runtime: Pick<Runtime, 'store'>, options: { ip: string | null; email: string }): Promise<void> {
  const limiters = limitersFor(runtime);
  const retryAfter =
    (await consumeOrRetryAfter(limiters.ip, options.ip ?? 'unknown')) ??
    (await consumeOrRetryAfter(limiters.email, sha256Hex(options.email.trim().toLowerCase())));
  if (retryAfter !== null) throw Object.assign(new VaultError('rate_limited', messages.tooManyRequests), { retryAfterSeconds: retryAfter });
}
