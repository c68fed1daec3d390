import { describe, expect, it } from 'vitest';
import { VaultError } from '../core/errors';
import { assertMayManage } from './member-rules';

describe('assertMayManage', () => {
  it.each([
    ['owner', { targetRole: 'owner', newRole: 'viewer' }],
    ['owner', { newRole: 'owner' }],
    ['admin', { targetRole: 'developer', newRole: 'admin' }],
    ['admin', { targetRole: 'admin' }],
    ['admin', { newRole: 'viewer' }],
  ] as const)('%s may %j', (actor, change) => {
    expect(() => assertMayManage(actor, change)).not.toThrow();
  });

  it.each([
    ['admin', { newRole: 'owner' }],
    ['admin', { targetRole: 'developer', newRole: 'owner' }],
    ['admin', { targetRole: 'owner' }],
    ['admin', { targetRole: 'owner', newRole: 'admin' }],
    ['developer', { targetRole: 'viewer' }],
    ['viewer', { newRole: 'viewer' }],
  ] as const)('%s may not %j', (actor, change) => {
    expect(() => assertMayManage(actor, change)).toThrow(VaultError);
    try {
      assertMayManage(actor, change);
    } catch (error) {
      expect(error).toMatchObject({ code: 'insufficient_permissions', status: 403, message: 'Insufficient permissions' });
    }
  });
});
