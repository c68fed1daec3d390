// Sends a pending member's invitation again: a new link (a new `invite` token, valid 7 days from now) by
// mail, and every earlier link of theirs voided (marked used) once the mail is out — if it cannot be sent,
// the earlier links stay as they were. Only for pending members (409 `not_invited` otherwise); the owner
// rules apply as for any change of the member (an admin cannot touch an invited owner).
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { getMemberOrThrow } from './get-member-or-throw';
import { newInviteToken, sendInvitationMail } from './invitation-mail';
import { assertMayManage } from './member-rules';
import { isInvited, presentMember, type MemberRole, type PresentedMember } from './present-member';

export const NOT_INVITED = 'The member has already accepted the invitation';

export async function resendInvitation(
  runtime: Pick<Runtime, 'db' | 'config' | 'mailer' | 'keyring'>,
  options: { accountId: string; actorRole: MemberRole; memberId: string },
): Promise<PresentedMember> {
  const member = await getMemberOrThrow(runtime, options);
  assertMayManage(options.actorRole, { targetRole: member.role });
  if (!isInvited(member)) throw new VaultError('not_invited', NOT_INVITED);
  const { prisma } = runtime.db;
  const invite = newInviteToken(runtime);
  const created = await prisma.passwordResetToken.create({ data: { userId: member.id, ...invite.row }, select: { id: true } });
  try {
    await sendInvitationMail(runtime, { email: member.email, role: member.role, token: invite.token });
  } catch (error) {
    await prisma.passwordResetToken.deleteMany({ where: { id: created.id } });
    throw error;
  }
  await prisma.passwordResetToken.updateMany({
    where: { userId: member.id, purpose: 'invite', usedAt: null, id: { not: created.id } },
    data: { usedAt: new Date() },
  });
  return presentMember(await getMemberOrThrow(runtime, options));
}
