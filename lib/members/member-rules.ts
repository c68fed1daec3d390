// Who may change whom: only an owner grants or touches the owner role; an account always keeps an owner.
import { VaultError, messages } from '../core/errors';
import type { Transaction } from '../projects/lock-account';
import type { MemberRole } from './present-member';

export const LAST_OWNER = 'The account must keep at least one owner';

/** Whether `actorRole` may invite, change or remove a member (of `targetRole`, to `newRole`). */
export function mayManage(actorRole: MemberRole, options: { targetRole?: MemberRole; newRole?: MemberRole }): boolean {
  if (actorRole === 'owner') return true;
  return actorRole === 'admin' && options.targetRole !== 'owner' && options.newRole !== 'owner';
}

export function assertMayManage(actorRole: MemberRole, options: { targetRole?: MemberRole; newRole?: MemberRole }): void {
  if (!mayManage(actorRole, options)) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
}

/** Call inside the transaction that holds the account lock, before removing or demoting an owner. */
export async function assertAnotherOwner(tx: Transaction, options: { accountId: string; memberId: string }): Promise<void> {
  const others = await tx.user.count({ where: { accountId: options.accountId, role: 'owner', id: { not: options.memberId } } });
  if (others === 0) throw new VaultError('conflict', LAST_OWNER);
}
