import { describe, expect, it } from 'vitest';
import { presentApplication } from './present-application';

describe('presentApplication', () => {
  it('shows the prefix and last use, never more', () => {
    const createdAt = new Date('2026-01-02T03:04:05.006Z');
    const view = presentApplication({
      id: 'a',
      projectId: 'p',
      name: 'app',
      tokenization: true,
      detokenize: false,
      provisioning: false,
      search: true,
      keyPrefix: 'vk_test_abcd',
      lastUsedAt: null,
      previousKeyExpiresAt: null,
      keyRotatedAt: null,
      previousKeyUses: null,
      createdAt,
      // A row read with more columns than it should: they are not copied.
      ...({ keyHash: 'secret-hash' } as object),
    });
    expect(view).toEqual({
      id: 'a',
      name: 'app',
      project_id: 'p',
      permissions: { tokenization: { allowed: true }, detokenize: { allowed: false }, provisioning: { allowed: false }, search: { allowed: true } },
      key_prefix: 'vk_test_abcd',
      last_used_at: null,
      previous_key_expires_at: null,
      previous_key_uses: null,
      created_at: '2026-01-02T03:04:05.006Z',
    });
  });

  it('shows the previous key\'s expiry and uses only while its grace period runs', () => {
    const row = {
      id: 'a', projectId: 'p', name: 'app', tokenization: true, detokenize: true, provisioning: false, search: false, keyPrefix: 'vk_test_abcd',
      lastUsedAt: null, keyRotatedAt: new Date(), createdAt: new Date(), previousKeyUses: 3,
    };
    const future = new Date(Date.now() + 60_000);
    expect(presentApplication({ ...row, previousKeyExpiresAt: future })).toMatchObject({ previous_key_expires_at: future.toISOString(), previous_key_uses: 3 });
    expect(presentApplication({ ...row, previousKeyExpiresAt: new Date(Date.now() - 1) })).toMatchObject({ previous_key_expires_at: null, previous_key_uses: null });
  });
});
