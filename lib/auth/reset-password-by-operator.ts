// `vault user reset-password`: the way back in when every owner is locked out or has lost their password.
// Sets a new password (the operator's, through the policy and history checks, or a generated one-time
// password that the next sign-in must replace), clears the lockout, ends every session of the user, and
// optionally turns MFA off (lost authenticator and backup codes). Each step is audited as the operator's.
import { turnMfaOff } from './mfa/manage-mfa';
import type { Runtime } from '../runtime/types';
import { getUserByEmailOrThrow } from './get-user-by-email-or-throw';
import { forgetAccountLoginAttempts } from './login-limits';
import { generateOneTimePassword } from './one-time-password';
import { recordOperatorAudit } from './operator-audit';
import { revokeUserSessions } from './sessions';
import { setPassword } from './set-password';

export type OperatorPasswordReset = {
  userId: string;
  /** Present when generated: shown once to the operator, expired from the start. */
  generatedPassword?: string;
  /** MFA is still on (it was on and --reset-mfa was not given). */
  mfaEnabled: boolean;
  sessionsEnded: number;
};

export async function resetPasswordByOperator(
  runtime: Pick<Runtime, 'db' | 'store' | 'audit' | 'logger'>,
  options: { email: string; newPassword?: string; resetMfa?: boolean },
): Promise<OperatorPasswordReset> {
  const user = await getUserByEmailOrThrow(runtime, options.email);
  const { prisma } = runtime.db;
  const generatedPassword = options.newPassword === undefined ? generateOneTimePassword() : undefined;
  await setPassword(runtime, { userId: user.id, newPassword: options.newPassword ?? generatedPassword!, bornExpired: generatedPassword !== undefined });
  await forgetAccountLoginAttempts(runtime, user.email);
  if (options.resetMfa) await turnMfaOff(runtime, user.id);
  // Sign-in sessions only: a pending MFA step (a row too) is revoked with them but is nobody's session yet.
  const sessionsEnded = await prisma.session.count({ where: { userId: user.id, kind: 'session', revokedAt: null, expiresAt: { gt: new Date() } } });
  await revokeUserSessions(runtime, user.id);
  await recordOperatorAudit(runtime, 'user.password_reset_by_operator', user);
  if (options.resetMfa) await recordOperatorAudit(runtime, 'user.mfa_reset_by_operator', user);
  return { userId: user.id, generatedPassword, mfaEnabled: user.mfaEnabled && !options.resetMfa, sessionsEnded };
}
