// The API shape of a member (a user of the account). Never a password hash or MFA secret.
import type { z } from 'zod';
import type { ZMemberView } from './schemas';

export type MemberRole = 'owner' | 'admin' | 'developer' | 'viewer';
export type MemberRow = {
  id: string;
  email: string;
  name: string | null;
  role: MemberRole;
  mfaEnabled: boolean;
  createdAt: Date;
  /** The latest invitation (its reset token), if the member was invited by mail. */
  resetTokens: { createdAt: Date }[];
  /** Passwords set so far: every password the user chose adds a history row (lib/auth/set-password.ts). */
  _count: { passwordHistory: number };
};

export const memberColumns = {
  id: true,
  email: true,
  name: true,
  role: true,
  mfaEnabled: true,
  createdAt: true,
  resetTokens: { where: { purpose: 'invite' }, orderBy: { createdAt: 'desc' }, take: 1, select: { createdAt: true } },
  _count: { select: { passwordHistory: true } },
} as const;

/**
 * A member is pending (`invited`) while they were invited by mail and never chose a password: an invitee
 * is created with a password nobody knows, and the only ways in (the invitation link, a forgotten-password
 * link) go through setPassword, which writes a password-history row. So: an invite token and no history.
 */
export const isInvited = (member: Pick<MemberRow, 'resetTokens' | '_count'>) => member.resetTokens.length > 0 && member._count.passwordHistory === 0;

/** Typed by its documented schema: a field added here without it fails the type check. */
export type PresentedMember = z.output<typeof ZMemberView>;

export function presentMember(member: MemberRow): PresentedMember {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    mfa_enabled: member.mfaEnabled,
    status: isInvited(member) ? 'invited' : 'active',
    invited_at: member.resetTokens[0]?.createdAt.toISOString() ?? null,
    created_at: member.createdAt.toISOString(),
  };
}
