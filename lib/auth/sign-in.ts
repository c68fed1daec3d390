// The two steps of a sign-in, shared by the JSON API (POST /auth/login, /auth/mfa/verify[-backup]) and
// the dashboard's next-auth providers, so both doors apply the same rate limits, lockout and audit rows.
import { recordAudit } from '../audit/record-audit';
import { VaultError } from '../core/errors';
import { checkTotpCode, useBackupCode } from './mfa/manage-mfa';
import type { Runtime } from '../runtime/types';
import { checkCodeCountingFailures, clearSignInFailures, invalidMfaCode } from './lockout';
import { limitLoginAttempt } from './login-limits';
import { InvalidCredentialsError, login, type LoginResult } from './login';
import { consumeMfaStep, readMfaStep, startSession, type SessionUser } from './sessions';

type SignInRuntime = Pick<Runtime, 'db' | 'keyring' | 'config' | 'store' | 'audit' | 'logger'>;

/** Where the attempt comes from: for the limits and the audit row. */
export type SignInOrigin = { ip: string | null; userAgent: string | null; requestId: string };

export type SecondFactor = 'totp' | 'backup';

type CompletedSignIn = { token: string; expiresAt: Date; sessionId: string; user: SessionUser };

const FACTOR_ACTIONS: Record<SecondFactor, string> = { totp: 'auth.mfa_verify', backup: 'auth.mfa_verify_backup' };

/** A correct password is a login only without MFA; with it the second factor's row says how it ended. */
const PASSWORD_STEP_AUDIT = {
  session: { outcome: 'success', statusCode: 200 },
  mfa_required: { action: 'auth.login_mfa_required', outcome: 'success', statusCode: 200 },
  password_expired: { outcome: 'failure', statusCode: 403 },
} as const;

/** Email and password: a session, or the MFA / expired-password step. Failures are audited and rethrown. */
export async function signInWithPassword(runtime: SignInRuntime, input: { email: string; password: string }, origin: SignInOrigin): Promise<LoginResult> {
  await limitLoginAttempt(runtime, { ip: origin.ip, account: input.email });
  const audit = { action: 'auth.login', requestId: origin.requestId, ip: origin.ip };
  let result: LoginResult;
  try {
    result = await login(runtime, { ...input, ip: origin.ip, userAgent: origin.userAgent });
  } catch (error) {
    if (error instanceof VaultError) {
      // An unknown email has no user and no account: that row is nobody's to list.
      const user = error instanceof InvalidCredentialsError ? error.user : undefined;
      await recordAudit(runtime, { ...audit, accountId: user?.accountId ?? null, userId: user?.id, outcome: 'failure', statusCode: error.status });
    }
    throw error;
  }
  await recordAudit(runtime, { ...audit, ...PASSWORD_STEP_AUDIT[result.kind], accountId: result.user.accountId, userId: result.user.id });
  return result;
}

/**
 * The MFA step: the mfa_token (an `mfa_pending` JWT, which opens nothing else) names a pending login; a
 * TOTP code (replays refused) or a one-time backup code proves the second factor; the pending login is
 * consumed (one mfa_token, one session) and the session starts. A wrong code counts towards the account
 * lockout, and a locked account is refused even with the right code.
 */
export async function signInWithSecondFactor(
  runtime: SignInRuntime,
  input: { mfaToken: string; code: string; factor: SecondFactor },
  origin: SignInOrigin,
): Promise<CompletedSignIn> {
  const step = await readMfaStep(runtime, input.mfaToken);
  const audit = { action: FACTOR_ACTIONS[input.factor], requestId: origin.requestId, accountId: step.accountId, userId: step.userId, ip: origin.ip };
  try {
    await limitLoginAttempt(runtime, { ip: origin.ip, account: step.userId });
    const check = input.factor === 'totp' ? checkTotpCode : useBackupCode;
    // A wrong code counts towards the account lockout; a right one completes the sign-in and clears it.
    await checkCodeCountingFailures(runtime, { userId: step.userId }, () => check(runtime, { userId: step.userId, code: input.code }));
    const lockedMeanwhile = await clearSignInFailures(runtime, { userId: step.userId });
    if (lockedMeanwhile !== null) throw invalidMfaCode(lockedMeanwhile);
    await consumeMfaStep(runtime, step.stepId);
  } catch (error) {
    if (error instanceof VaultError) await recordAudit(runtime, { ...audit, outcome: 'failure', statusCode: error.status });
    throw error;
  }
  const user: SessionUser = await runtime.db.prisma.user.findUniqueOrThrow({
    where: { id: step.userId },
    select: { id: true, accountId: true, email: true, name: true, role: true, mfaEnabled: true },
  });
  const session = await startSession(runtime, { user, ip: origin.ip, userAgent: origin.userAgent });
  await recordAudit(runtime, { ...audit, outcome: 'success', statusCode: 200 });
  return { ...session, user };
}
