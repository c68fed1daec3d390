// The dashboard side of "MFA can be required" (PUT /api/account `require_mfa`): a signed-in member who must
// still enrol sees no dashboard data; every dashboard page sends them to the enrolment page first, which
// sets MFA up through POST /user/settings/mfa (the one management door open to them, as for the API).
import type { Runtime } from '../runtime/types';

export const MFA_ENROLMENT_PAGE = '/dashboard/enrol-mfa';

/** Whether the user has MFA on, and whether they must turn it on before anything else. */
export async function loadMfaEnrolment(runtime: Pick<Runtime, 'db'>, user: { id: string }): Promise<{ enabled: boolean; required: boolean }> {
  const row = await runtime.db.prisma.user.findUnique({ where: { id: user.id }, select: { mfaEnabled: true, account: { select: { requireMfa: true } } } });
  const enabled = row?.mfaEnabled ?? false;
  return { enabled, required: !enabled && row?.account.requireMfa === true };
}

/** Where a signed-in dashboard user must go before any other dashboard page, or null when nowhere. */
export async function dashboardDetour(runtime: Pick<Runtime, 'db'>, user: { id: string }): Promise<string | null> {
  return (await loadMfaEnrolment(runtime, user)).required ? MFA_ENROLMENT_PAGE : null;
}
