// The account lockout (PCI DSS 8.3.4): 10 consecutive failed sign-in steps lock the account for 30
// minutes. A failure is a wrong password, or a wrong TOTP or backup code (the login's second step, turning
// MFA off): one counter for all. The counter lives in the database and is moved by one UPDATE … RETURNING,
// so concurrent failures count exactly like sequential ones: the 10th locks (and restarts the count), and
// failures on a locked account add nothing. Only a completed sign-in (the password without MFA, the second
// factor with it) clears the counter.
import { VaultError } from '../core/errors';
import { recordLockout, recordLoginFailure } from '../metrics/auth-metrics';
import type { Runtime } from '../runtime/types';
import { LOCKOUT_SECONDS, MAX_FAILED_LOGINS } from './login-limits';

type LockoutRuntime = Pick<Runtime, 'db'>;

/** Seconds until `lockedUntil`, or null when the account is not locked at `now`. */
export function lockedForSeconds(lockedUntil: Date | null | undefined, now: Date): number | null {
  return lockedUntil && lockedUntil > now ? Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000) : null;
}

async function lockedFor(runtime: LockoutRuntime, userId: string, now: Date): Promise<number | null> {
  const user = await runtime.db.prisma.user.findUnique({ where: { id: userId }, select: { lockedUntil: true } });
  return lockedForSeconds(user?.lockedUntil, now);
}

/**
 * Counts one failed sign-in step, atomically. Returns the Retry-After seconds when the account is locked
 * (by this failure: LOCKOUT_SECONDS; or already), null while it is not.
 */
export async function countSignInFailure(runtime: LockoutRuntime, options: { userId: string; now?: Date }): Promise<number | null> {
  const now = options.now ?? new Date();
  const lockUntil = new Date(now.getTime() + LOCKOUT_SECONDS * 1000);
  const rows = await runtime.db.prisma.$queryRaw<{ locked_until: Date | null }[]>`
    UPDATE users SET
      failed_logins = CASE WHEN failed_logins + 1 >= ${MAX_FAILED_LOGINS}::int THEN 0 ELSE failed_logins + 1 END,
      locked_until = CASE WHEN failed_logins + 1 >= ${MAX_FAILED_LOGINS}::int THEN ${lockUntil}::timestamptz ELSE NULL END
    WHERE id = ${options.userId}::uuid AND (locked_until IS NULL OR locked_until <= ${now}::timestamptz)
    RETURNING locked_until`;
  if (rows.length === 0) return lockedFor(runtime, options.userId, now);
  if (rows[0]!.locked_until === null) return null;
  recordLockout();
  return LOCKOUT_SECONDS;
}

/**
 * A completed sign-in: the counter starts again. Returns the Retry-After seconds instead when the account
 * was locked in the meantime (a concurrent failure), and then clears nothing.
 */
export async function clearSignInFailures(runtime: LockoutRuntime, options: { userId: string; now?: Date }): Promise<number | null> {
  const now = options.now ?? new Date();
  const { count } = await runtime.db.prisma.user.updateMany({
    where: { id: options.userId, OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] },
    data: { failedLogins: 0, lockedUntil: null },
  });
  return count === 1 ? null : lockedFor(runtime, options.userId, now);
}

/** `Invalid MFA code`, with the Retry-After of a locked account when there is one. */
export function invalidMfaCode(retryAfterSeconds?: number | null): VaultError {
  const error = new VaultError('invalid_credentials', 'Invalid MFA code');
  if (retryAfterSeconds) error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/**
 * Runs `check` (a TOTP or backup code of `userId`; it throws `invalid_credentials` for a wrong code): refused
 * while the account is locked, and a wrong code counts towards the lockout.
 */
export async function checkCodeCountingFailures(runtime: LockoutRuntime, options: { userId: string; now?: Date }, check: () => Promise<void>): Promise<void> {
  const now = options.now ?? new Date();
  const locked = await lockedFor(runtime, options.userId, now);
  if (locked !== null) {
    recordLoginFailure('locked');
    throw invalidMfaCode(locked);
  }
  try {
    await check();
  } catch (error) {
    if (error instanceof VaultError && error.code === 'invalid_credentials') {
      recordLoginFailure('wrong_code');
      const retryAfterSeconds = await countSignInFailure(runtime, { userId: options.userId, now });
      if (retryAfterSeconds !== null) error.retryAfterSeconds = retryAfterSeconds;
    }
    throw error;
  }
}
