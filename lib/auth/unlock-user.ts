// `vault user unlock`: ends a lockout (PCI DSS 8.3.4's 30 minutes) before its time and restarts the failed
// sign-in count, for a user who proved who they are some other way. Audited as the operator's action.
import type { Runtime } from '../runtime/types';
import { getUserByEmailOrThrow } from './get-user-by-email-or-throw';
import { lockedForSeconds } from './lockout';
import { forgetAccountLoginAttempts } from './login-limits';
import { recordOperatorAudit } from './operator-audit';

export type UnlockedUser = { userId: string; wasLockedForSeconds: number | null; failedLogins: number };

export async function unlockUser(runtime: Pick<Runtime, 'db' | 'store' | 'audit' | 'logger'>, options: { email: string; now?: Date }): Promise<UnlockedUser> {
  const user = await getUserByEmailOrThrow(runtime, options.email);
  await runtime.db.prisma.user.update({ where: { id: user.id }, data: { failedLogins: 0, lockedUntil: null } });
  await forgetAccountLoginAttempts(runtime, user.email);
  await recordOperatorAudit(runtime, 'user.unlock_by_operator', user);
  return { userId: user.id, wasLockedForSeconds: lockedForSeconds(user.lockedUntil, options.now ?? new Date()), failedLogins: user.failedLogins };
}
