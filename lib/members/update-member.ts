// Changes a member's role or name. Admins never grant or touch the owner role; the last owner is never
// demoted; a demoted member's sessions end at once (their JWTs carried the old role's trust). A role that
// actually changes writes `member.role_changed` to every project of the account, in the same transaction.
import { revokeUserSessions } from '../auth/sessions';
import { memberRoleChangedData } from '../events/member-event-data';
import { prismaSql } from '../events/prisma-sql';
import { recordAccountEvent } from '../events/record-account-event';
import type { Runtime } from '../runtime/types';
import { lockAccount } from '../projects/lock-account';
import { getMemberOrThrow } from './get-member-or-throw';
import { assertAnotherOwner, assertMayManage } from './member-rules';
import { memberColumns, presentMember, type MemberRole, type PresentedMember } from './present-member';

const RANK: Record<MemberRole, number> = { owner: 3, admin: 2, developer: 1, viewer: 0 };

export async function updateMember(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; actorRole: MemberRole; memberId: string; role?: MemberRole; name?: string },
): Promise<PresentedMember> {
  const { prisma } = runtime.db;
  const { updated, demoted } = await prisma.$transaction(async (tx) => {
    await lockAccount(tx, options.accountId);
    const member = await getMemberOrThrow(tx, options);
    assertMayManage(options.actorRole, { targetRole: member.role, newRole: options.role });
    const newRole = options.role ?? member.role;
    if (member.role === 'owner' && newRole !== 'owner') await assertAnotherOwner(tx, options);
    const row = await tx.user.update({
      where: { id: member.id },
      data: { role: newRole, ...(options.name !== undefined ? { name: options.name } : {}) },
      select: memberColumns,
    });
    if (newRole !== member.role) {
      await recordAccountEvent(prismaSql(tx), { accountId: options.accountId, type: 'member.role_changed', data: memberRoleChangedData(member, member.role, newRole) });
    }
    return { updated: row, demoted: RANK[newRole] < RANK[member.role] };
  });
  if (demoted) await revokeUserSessions(runtime, updated.id);
  return presentMember(updated);
}
