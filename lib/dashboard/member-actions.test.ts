import { describe, expect, it } from 'vitest';
import { invitableRoles, memberActions, MEMBER_RULE_REASONS } from './member-actions';

describe('memberActions', () => {
  it('lets an owner change and remove anyone while another owner remains', () => {
    expect(memberActions('owner', { role: 'owner' }, 2)).toMatchObject({ roleReason: null, removeReason: null });
    expect(memberActions('owner', { role: 'viewer' }, 1).roles.every((option) => option.disabledReason === null)).toBe(true);
  });

  it('keeps the last owner: neither demoted nor removed', () => {
    expect(memberActions('owner', { role: 'owner' }, 1)).toMatchObject({ roleReason: MEMBER_RULE_REASONS.keepOwner, removeReason: MEMBER_RULE_REASONS.keepOwner });
  });

  it('stops an admin at owners: cannot touch one, cannot make one', () => {
    expect(memberActions('admin', { role: 'owner' }, 3)).toMatchObject({ roleReason: MEMBER_RULE_REASONS.ownerOnly, removeReason: MEMBER_RULE_REASONS.ownerOnly });
    const developer = memberActions('admin', { role: 'developer' }, 1);
    expect(developer).toMatchObject({ roleReason: null, removeReason: null });
    expect(developer.roles.find((option) => option.role === 'owner')?.disabledReason).toBe(MEMBER_RULE_REASONS.grantOwner);
    expect(developer.roles.find((option) => option.role === 'admin')?.disabledReason).toBeNull();
  });

  it('offers the invitable roles by actor', () => {
    expect(invitableRoles('owner')).toEqual(['owner', 'admin', 'developer', 'viewer']);
    expect(invitableRoles('admin')).toEqual(['admin', 'developer', 'viewer']);
    expect(invitableRoles('viewer')).toEqual([]);
  });
});
