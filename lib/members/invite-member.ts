// Invites a user into an account: the user gets an unusable random password and a mail with a link to
// choose one (a single-use `invite` reset token, valid 7 days, stored as its SHA-256 only).
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import { passwordLink } from '../auth/reset-tokens';
import { randomBase62 } from '../crypto/random';
import { sha256Hex } from '../crypto/hash';
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { assertMayManage } from './member-rules';
import { memberColumns, presentMember, type MemberRole, type PresentedMember } from './present-member';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EMAIL_TAKEN = 'A user with this email already exists';

export async function inviteMember(
  runtime: Pick<Runtime, 'db' | 'config' | 'mailer' | 'logger'>,
  options: { accountId: string; actorRole: MemberRole; email: string; role: MemberRole; name?: string },
): Promise<PresentedMember> {
  assertMayManage(options.actorRole, { newRole: options.role });
  const { prisma } = runtime.db;
  const email = options.email.trim().toLowerCase();
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) throw new VaultError('conflict', EMAIL_TAKEN);
  // Nobody knows this password: the account opens only through the invitation link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64'));
  const token = randomBase62(43);
  let member;
  try {
    member = await prisma.user.create({
      data: {
        accountId: options.accountId,
        email,
        name: options.name ?? null,
        role: options.role,
        passwordHash,
        resetTokens: { create: { tokenHash: sha256Hex(token), purpose: 'invite', expiresAt: new Date(Date.now() + INVITE_TTL_MS) } },
      },
      select: memberColumns,
    });
  } catch (error) {
    // Two invitations of the same address at once: the unique index decides.
    if ((error as { code?: unknown }).code === 'P2002') throw new VaultError('conflict', EMAIL_TAKEN);
    throw error;
  }
  const link = passwordLink(runtime.config.APP_URL, token);
  try {
    await runtime.mailer.send({
      to: email,
      subject: 'You have been invited to the vault',
      text: `You have been invited to join an account on the vault as ${options.role}.\n\nChoose your password here (the link is valid for 7 days and works once):\n${link}\n\nIf you did not expect this invitation, ignore this mail.\n`,
    });
  } catch (error) {
    // Without the mail the invitation cannot be accepted: undo it so it can be sent again.
    await prisma.user.deleteMany({ where: { id: member.id } });
    throw error;
  }
  return presentMember(member);
}
