// Renames the account and turns "MFA required" on or off (PUT /api/account, owner only). An owner turns the
// requirement on only with MFA on themselves, so the setting never starts by locking out the one who set it.
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { accountColumns, presentAccount } from './present-account';

export async function updateAccount(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; actor: { mfaEnabled: boolean }; name?: string; requireMfa?: boolean },
) {
  if (options.requireMfa === true && !options.actor.mfaEnabled) {
    throw new VaultError('mfa_enrollment_required', 'Turn on two-step verification for yourself before requiring it (POST /user/settings/mfa)');
  }
  const account = await runtime.db.prisma.account.update({
    where: { id: options.accountId },
    data: {
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.requireMfa !== undefined ? { requireMfa: options.requireMfa } : {}),
    },
    select: accountColumns,
  });
  return presentAccount(account);
}
