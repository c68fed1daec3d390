// Removes a member from the account. Admins cannot remove an owner; the last owner cannot be removed.
// Deleting the user deletes its sessions (cascade), so its JWTs stop working at once, with its reset
// tokens and MFA data.
import type { Runtime } from '../runtime/types';
import { lockAccount } from '../projects/lock-account';
import { getMemberOrThrow } from './get-member-or-throw';
import { assertAnotherOwner, assertMayManage } from './member-rules';
import type { MemberRole } from './present-member';

export async function removeMember(runtime: Pick<Runtime, 'db'>, options: { accountId: string; actorRole: MemberRole; memberId: string }): Promise<void> {
  await runtime.db.prisma.$transaction(async (tx) => {
    await lockAccount(tx, options.accountId);
    const member = await getMemberOrThrow(tx, options);
    assertMayManage(options.actorRole, { targetRole: member.role });
    if (member.role === 'owner') await assertAnotherOwner(tx, options);
    await tx.user.delete({ where: { id: member.id } });
  });
}
