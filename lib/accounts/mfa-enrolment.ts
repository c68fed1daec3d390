// "MFA can be required" (PUT /api/account `require_mfa`): a member of such an account who has not turned
// MFA on may only enrol (POST /user/settings/mfa), read their MFA status, verify their session and log out;
// every other management route answers 403 `mfa_enrollment_required`, and the dashboard sends them to
// enrolment (lib/dashboard/mfa-gate.ts).
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';

export const MFA_ENROLMENT_MESSAGE = 'Your account requires two-step verification: turn it on at POST /user/settings/mfa first';

/** Whether `user` must enrol in MFA before anything else: their account requires it and they have not. */
export async function mfaEnrolmentRequired(runtime: Pick<Runtime, 'db'>, user: { accountId: string; mfaEnabled: boolean }): Promise<boolean> {
  if (user.mfaEnabled) return false;
  const account = await runtime.db.prisma.account.findUnique({ where: { id: user.accountId }, select: { requireMfa: true } });
  return account?.requireMfa === true;
}

export const mfaEnrolmentRefusal = () => new VaultError('mfa_enrollment_required', MFA_ENROLMENT_MESSAGE);

/** 403 `mfa_enrollment_required` unless `user` may use management routes. */
export async function assertMfaEnrolled(runtime: Pick<Runtime, 'db'>, user: { accountId: string; mfaEnabled: boolean }): Promise<void> {
  if (await mfaEnrolmentRequired(runtime, user)) throw mfaEnrolmentRefusal();
}
