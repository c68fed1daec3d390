// Invites a user into an account: the user gets an unusable random password and a mail with a link to
// choose one (a single-use `invite` reset token, valid 7 days, stored as its SHA-256 only).
// No enumeration: an address that already has an account answers exactly like a new one (201, an invited
// member's view of what was asked), and only the mail differs. One address belongs to one account, so such
// an invitation changes nobody: a member of another account is mailed that someone tried to invite them, a
// member of this account that they already are one. A pending invitee of this account gets a fresh link.
import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Runtime } from '../runtime/types';
import { alreadyRegisteredMail, newInviteToken, sendInvitationMail } from './invitation-mail';
import { assertMayManage } from './member-rules';
import { isInvited, memberColumns, presentMember, type MemberRole, type PresentedMember } from './present-member';
import { resendInvitation } from './resend-invitation';

type InviteRuntime = Pick<Runtime, 'db' | 'config' | 'mailer' | 'logger' | 'keyring'>;
type InviteOptions = { accountId: string; actorRole: MemberRole; email: string; role: MemberRole; name?: string };

/** The member as the answer shows it, and the real member's id (null: nobody was created or changed). */
export type Invitation = { member: PresentedMember; memberId: string | null };

export async function inviteMember(runtime: InviteRuntime, options: InviteOptions): Promise<Invitation> {
  assertMayManage(options.actorRole, { newRole: options.role });
  const { prisma } = runtime.db;
  const email = options.email.trim().toLowerCase();
  // The same argon2 work on every path: the answer's time does not tell which one was taken.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64'));
  const existing = await prisma.user.findUnique({ where: { email }, select: { ...memberColumns, accountId: true } });
  if (existing) return inviteExisting(runtime, options, { ...existing, email });
  const invite = newInviteToken(runtime);
  let member;
  try {
    member = await prisma.user.create({
      data: {
        accountId: options.accountId,
        email,
        name: options.name ?? null,
        role: options.role,
        // Nobody knows this password: the account opens only through the invitation link.
        passwordHash,
        resetTokens: { create: invite.row },
      },
      select: memberColumns,
    });
  } catch (error) {
    // Two invitations of the same address at once: the other one created it.
    if ((error as { code?: unknown }).code === 'P2002') return inviteMember(runtime, options);
    throw error;
  }
  try {
    await sendInvitationMail(runtime, { email, role: options.role, token: invite.token });
  } catch (error) {
    // Without the mail the invitation cannot be accepted: undo it so it can be sent again.
    await prisma.user.deleteMany({ where: { id: member.id } });
    throw error;
  }
  return { member: presentMember(member), memberId: member.id };
}

async function inviteExisting(
  runtime: InviteRuntime,
  options: InviteOptions,
  existing: Parameters<typeof presentMember>[0] & { accountId: string },
): Promise<Invitation> {
  if (existing.accountId === options.accountId && isInvited(existing)) {
    const member = await resendInvitation(runtime, { accountId: options.accountId, actorRole: options.actorRole, memberId: existing.id });
    return { member, memberId: existing.id };
  }
  await alreadyRegisteredMail(runtime, { email: existing.email, sameAccount: existing.accountId === options.accountId });
  const now = new Date().toISOString();
  // What a new invitation of this address would have answered; the id names nobody.
  const member: PresentedMember = {
    id: randomUUID(),
    email: existing.email,
    name: options.name ?? null,
    role: options.role,
    mfa_enabled: false,
    status: 'invited',
    invited_at: now,
    created_at: now,
  };
  return { member, memberId: null };
}
