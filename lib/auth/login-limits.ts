// Login and MFA attempts: at most LOGIN_ATTEMPTS_PER_IP (100) per 15 minutes per IP, and 100 per account (Redis-backed when
// configured, so every node counts together). Answer 429 with Retry-After. Also the lockout of an email
// that has no account, so that a locked account cannot be told from an unknown email by its Retry-After:
// the same 10 failures open the same 30-minute refusal (keyed by a hash: the store never holds the email).
// And wrong current passwords on change-password: 5 per user per 15 minutes.
import { sha256Hex } from '../crypto/hash';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { consumeOrRetryAfter, createRateLimiter, limitersOnStore } from '../store/rate-limiter';
import { StoreUnavailableError } from '../store/types';

const WINDOW_SECONDS = 15 * 60;
const ATTEMPTS = 100;
export const MAX_FAILED_LOGINS = 10;
export const LOCKOUT_SECONDS = 30 * 60;
/** How long failures on an unknown email are remembered (a known account remembers them until a success). */
const UNKNOWN_EMAIL_MEMORY_SECONDS = 24 * 60 * 60;
/** Wrong current passwords a signed-in user may send to change-password in PASSWORD_GUESS_WINDOW_SECONDS. */
export const PASSWORD_GUESSES = 5;
const PASSWORD_GUESS_WINDOW_SECONDS = 15 * 60;

function limitersFor(runtime: Pick<Runtime, 'store'> & { config?: Pick<Runtime['config'], 'LOGIN_ATTEMPTS_PER_IP'> }) {
  return limitersOnStore(runtime.store, 'login', () => ({
    ip: createRateLimiter(runtime.store, { name: 'login-ip', points: runtime.config?.LOGIN_ATTEMPTS_PER_IP ?? ATTEMPTS, durationSeconds: WINDOW_SECONDS }),
    account: createRateLimiter(runtime.store, { name: 'login-account', points: ATTEMPTS, durationSeconds: WINDOW_SECONDS }),
    unknownEmail: createRateLimiter(runtime.store, {
      name: 'login-unknown-email',
      points: MAX_FAILED_LOGINS - 1,
      durationSeconds: UNKNOWN_EMAIL_MEMORY_SECONDS,
      blockSeconds: LOCKOUT_SECONDS,
    }),
    passwordGuess: createRateLimiter(runtime.store, { name: 'password-guess', points: PASSWORD_GUESSES, durationSeconds: PASSWORD_GUESS_WINDOW_SECONDS }),
  }));
}

const rateLimited = (retryAfterSeconds: number) => Object.assign(new VaultError('rate_limited', messages.tooManyRequests), { retryAfterSeconds });

export async function limitLoginAttempt(runtime: Pick<Runtime, 'store'> & { config?: Pick<Runtime['config'], 'LOGIN_ATTEMPTS_PER_IP'> }, options: { ip: string | null; account: string }): Promise<void> {
  const limiters = limitersFor(runtime);
  const retryAfter =
    (await consumeOrRetryAfter(limiters.ip, options.ip ?? 'unknown')) ?? (await consumeOrRetryAfter(limiters.account, options.account.trim().toLowerCase()));
  if (retryAfter !== null) throw rateLimited(retryAfter);
}

/** 429 once the user sent PASSWORD_GUESSES wrong current passwords in the window, right password or not. */
export async function limitPasswordGuesses(runtime: Pick<Runtime, 'store'>, userId: string): Promise<void> {
  let used;
  try {
    used = await limitersFor(runtime).passwordGuess.get(userId);
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
  }
  if (used && used.consumedPoints >= PASSWORD_GUESSES) throw rateLimited(Math.max(1, Math.ceil(used.msBeforeNext / 1000)));
}

/** Counts one wrong current password (its answer stays the 401; the next call after the 5th is the 429). */
export async function countPasswordGuess(runtime: Pick<Runtime, 'store'>, userId: string): Promise<void> {
  await consumeOrRetryAfter(limitersFor(runtime).passwordGuess, userId);
}

/** Counts a failed login on an email without an account; the Retry-After seconds once it is "locked". */
export function failUnknownEmail(runtime: Pick<Runtime, 'store'>, email: string): Promise<number | null> {
  return consumeOrRetryAfter(limitersFor(runtime).unknownEmail, sha256Hex(email.trim().toLowerCase()));
}

/**
 * Forgets the attempts counted against one account's email (an operator unlocking it, `vault user unlock`):
 * on Redis for every node; the in-process store belongs to the server process and is not reachable from here.
 */
export async function forgetAccountLoginAttempts(runtime: Pick<Runtime, 'store'>, email: string): Promise<void> {
  await limitersFor(runtime).account.delete(email.trim().toLowerCase());
}
