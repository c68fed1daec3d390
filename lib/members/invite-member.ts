// Invites a user into an account: the user gets an unusable random password and a mail with a link to
// choose one (a single-use `invite` reset token, valid 7 days, stored as its SHA-256 only).
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { newInviteToken, sendInvitationMail } from './invitation-mail';
import { assertMayManage } from './member-rules';
import { memberColumns, presentMember, type MemberRole, type PresentedMember } from './present-member';

export const EMAIL_TAKEN = 'A user with this email already exists';

export async function inviteMember(
  runtime: Pick<Runtime, 'db' | 'config' | 'mailer' | 'logger' | 'keyring'>,
  options: { accountId: string; actorRole: MemberRole; email: string; role: MemberRole; name?: string },
): Promise<PresentedMember> {
  assertMayManage(options.actorRole, { newRole: options.role });
  const { prisma } = runtime.db;
  const email = options.email.trim().toLowerCase();
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) throw new VaultError('conflict', EMAIL_TAKEN);
  // Nobody knows this password: the account opens only through the invitation link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64'));
  const invite = newInviteToken(runtime);
  let member;
  try {
    member = await prisma.user.create({
      data: {
        accountId: options.accountId,
        email,
        name: options.name ?? null,
        role: options.role,
        passwordHash,
        resetTokens: { create: invite.row },
      },
      select: memberColumns,
    });
  } catch (error) {
    // Two invitations of the same address at once: the unique index decides.
    if ((error as { code?: unknown }).code === 'P2002') throw new VaultError('conflict', EMAIL_TAKEN);
    throw error;
  }
  try {
    await sendInvitationMail(runtime, { email, role: options.role, token: invite.token });
  } catch (error) {
    // Without the mail the invitation cannot be accepted: undo it so it can be sent again.
    await prisma.user.deleteMany({ where: { id: member.id } });
    throw error;
  }
  return presentMember(member);
}
