// POST /auth/login: email + password → a session, an MFA step, or the expired-password step.
// Unknown users, wrong passwords and locked accounts all answer `Invalid email or password` after the
// same argon2 work, so the answer never tells which emails exist. 10 consecutive failures lock the
// account for 30 minutes (PCI DSS 8.3.4, counted atomically in the database with the MFA failures:
// lockout.ts); a locked account also says when to retry, and so does an unknown email after as many
// failures. With MFA on, a correct password does not clear the counter: only the second factor does.
import type { z } from 'zod';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { failUnknownEmail } from './login-limits';
import { clearSignInFailures, countSignInFailure, lockedForSeconds } from './lockout';
import { recordLoginFailure } from '../metrics/auth-metrics';
import { issueResetToken } from './reset-tokens';
import type { ZPublicUser } from './schemas';
import { startMfaStep, startSession, type SessionUser } from './sessions';

export const PASSWORD_MAX_AGE_DAYS = 90;
export const MFA_STEP_TTL_SECONDS = 5 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export type LoginResult =
  | { kind: 'session'; token: string; expiresAt: Date; user: SessionUser }
  | { kind: 'mfa_required'; mfaToken: string; user: SessionUser }
  | { kind: 'password_expired'; resetToken: string; user: SessionUser };

/**
 * Wrong password, unknown email or locked account: one answer for all. `user` (a known one's id and account)
 * is for the audit row only, so an account's owners see attempts on their users; it never reaches the response.
 */
export class InvalidCredentialsError extends VaultError {
  constructor(readonly user?: Pick<SessionUser, 'id' | 'accountId'>) {
    super('invalid_credentials', messages.invalidCredentials);
  }
}

// Only the ids travel on the error (errors may be logged): never the email or anything else of the user.
const invalid = (user?: Pick<SessionUser, 'id' | 'accountId'>) => new InvalidCredentialsError(user && { id: user.id, accountId: user.accountId });

export async function login(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config' | 'store'>,
  options: { email: string; password: string; ip: string | null; userAgent: string | null; now?: Date },
): Promise<LoginResult> {
  const now = options.now ?? new Date();
  const { prisma } = runtime.db;
  const found = await prisma.user.findUnique({ where: { email: options.email.trim().toLowerCase() }, omit: { passwordHash: false } });
  if (!found) {
    await verifyAgainstDummy(options.password);
    recordLoginFailure('unknown_email');
    const retryAfterSeconds = await failUnknownEmail(runtime, options.email);
    throw Object.assign(invalid(), retryAfterSeconds === null ? {} : { retryAfterSeconds });
  }
  const { passwordHash, ...rest } = found;
  const user: SessionUser = { id: rest.id, accountId: rest.accountId, email: rest.email, name: rest.name, role: rest.role, mfaEnabled: rest.mfaEnabled };
  const correct = await verifyPassword(passwordHash, options.password);
  const locked = lockedForSeconds(rest.lockedUntil, now);
  if (locked !== null) {
    recordLoginFailure('locked');
    throw Object.assign(invalid(user), { retryAfterSeconds: locked });
  }
  if (!correct) {
    recordLoginFailure('wrong_password');
    const retryAfterSeconds = await countSignInFailure(runtime, { userId: user.id, now });
    throw Object.assign(invalid(user), retryAfterSeconds === null ? {} : { retryAfterSeconds });
  }
  if (!user.mfaEnabled && (rest.failedLogins > 0 || rest.lockedUntil)) {
    const lockedMeanwhile = await clearSignInFailures(runtime, { userId: user.id, now });
    if (lockedMeanwhile !== null) throw Object.assign(invalid(user), { retryAfterSeconds: lockedMeanwhile });
  }

  if (user.mfaEnabled) {
    return { kind: 'mfa_required', user, mfaToken: await startMfaStep(runtime, { user, ttlSeconds: MFA_STEP_TTL_SECONDS, ip: options.ip, userAgent: options.userAgent }) };
  }
  const ageDays = (now.getTime() - rest.passwordChangedAt.getTime()) / 86_400_000;
  if (ageDays > PASSWORD_MAX_AGE_DAYS) {
    const { token } = await issueResetToken(runtime, { userId: user.id, purpose: 'expired', ttlSeconds: PASSWORD_RESET_TTL_SECONDS });
    return { kind: 'password_expired', user, resetToken: token };
  }
  const session = await startSession(runtime, { user, ip: options.ip, userAgent: options.userAgent });
  return { kind: 'session', token: session.token, expiresAt: session.expiresAt, user };
}

/** The user as the API shows it. */
export function publicUser(user: SessionUser): z.output<typeof ZPublicUser> {
  return { id: user.id, email: user.email, name: user.name, role: user.role, account_id: user.accountId, mfa_enabled: user.mfaEnabled };
}
