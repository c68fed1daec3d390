// What the Team page lets the signed-in member do to each member, and why not when it does not: the same
// rules the member routes enforce (lib/members/member-rules.ts), computed on the server so a disabled
// button can say which rule holds it. The API refuses anyway (403 / 409); this only explains.
import { mayManage } from '../members/member-rules';
import type { MemberRole } from '../members/present-member';

export const MEMBER_ROLES: readonly MemberRole[] = ['owner', 'admin', 'developer', 'viewer'];

export const MEMBER_RULE_REASONS = {
  keepOwner: 'The account must keep an owner.',
  ownerOnly: 'Only an owner can change an owner.',
  grantOwner: 'Only an owner can make an owner.',
} as const;

export type MemberActions = {
  /** Roles the actor may give this member, each with why not when it cannot be chosen. */
  roles: Array<{ role: MemberRole; disabledReason: string | null }>;
  /** Why the role cannot be changed at all (null: it can). */
  roleReason: string | null;
  /** Why the member cannot be removed (or their invitation revoked, or resent); null: they can. */
  removeReason: string | null;
};

export function memberActions(actorRole: MemberRole, member: { role: MemberRole }, ownerCount: number): MemberActions {
  const roles = MEMBER_ROLES.map((role) => ({
    role,
    disabledReason: role === member.role || mayManage(actorRole, { targetRole: member.role, newRole: role }) ? null : MEMBER_RULE_REASONS.grantOwner,
  }));
  if (!mayManage(actorRole, { targetRole: member.role })) {
    return { roles, roleReason: MEMBER_RULE_REASONS.ownerOnly, removeReason: MEMBER_RULE_REASONS.ownerOnly };
  }
  // An owner stays owner while no other member is one (assertAnotherOwner).
  if (member.role === 'owner' && ownerCount <= 1) {
    return { roles, roleReason: MEMBER_RULE_REASONS.keepOwner, removeReason: MEMBER_RULE_REASONS.keepOwner };
  }
  return { roles, roleReason: null, removeReason: null };
}

/** The roles an actor may invite with (an admin cannot invite an owner). */
export function invitableRoles(actorRole: MemberRole): MemberRole[] {
  return MEMBER_ROLES.filter((role) => mayManage(actorRole, { newRole: role }));
}
