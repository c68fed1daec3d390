// The API shape of a member (a user of the account). Never a password hash or MFA secret.
import type { z } from 'zod';
import type { ZMemberView } from './schemas';

export type MemberRole = 'owner' | 'admin' | 'developer' | 'viewer';
export type MemberRow = { id: string; email: string; name: string | null; role: MemberRole; mfaEnabled: boolean; createdAt: Date };

export const memberColumns = { id: true, email: true, name: true, role: true, mfaEnabled: true, createdAt: true } as const;

/** Typed by its documented schema: a field added here without it fails the type check. */
export type PresentedMember = z.output<typeof ZMemberView>;

export function presentMember(member: MemberRow): PresentedMember {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    mfa_enabled: member.mfaEnabled,
    created_at: member.createdAt.toISOString(),
  };
}
