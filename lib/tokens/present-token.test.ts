import { describe, expect, it } from 'vitest';
import { presentToken } from './present-token';

/** The display-safe columns, named alike in the row and in the view. */
const display = { mask: '424242******4242', bin: '424242', last4: '4242', brand: 'visa', fingerprint: 'f'.repeat(64) };
/** The lifecycle columns and details of a token with metadata, no expiry of its own. */
const lifecycle = {
  tokenFormat: 'random' as const,
  keyVersion: 1,
  metadataSealed: new Uint8Array([9, 9]),
  expiresAt: null,
  lastUsedAt: new Date('2026-01-03T00:00:00.000Z'),
  deletedAt: null,
  metadata: { customer_id: 'cus_1' },
  status: 'active' as const,
};

describe('presentToken', () => {
  it('shows the masked fields, never more', () => {
    const view = presentToken({
      id: 'internal-id',
      token: 'tok_abc',
      projectId: 'p',
      applicationId: null,
      type: 'card',
      ...display,
      testMode: true,
      createdAt: new Date('2026-01-02T03:04:05.006Z'),
      ...lifecycle,
      createdBy: { type: 'user', id: 'u', email: 'dev@example.com' },
      // A row read with more columns than it should: they are not copied.
      ...({ ciphertext: new Uint8Array([1, 2, 3]) } as object),
    });
    expect(view).toEqual({
      token: 'tok_abc',
      type: 'card',
      ...display,
      test_mode: true,
      project_id: 'p',
      application_id: null,
      created_by: { type: 'user', id: 'u', email: 'dev@example.com' },
      created_at: '2026-01-02T03:04:05.006Z',
      token_format: 'random',
      metadata: { customer_id: 'cus_1' },
      expires_at: null,
      last_used_at: '2026-01-03T00:00:00.000Z',
      status: 'active',
    });
  });

  it.each([
    ['a 13-digit PAN stored with its BIN (before BINs of short PANs were dropped)', { mask: '*********0009', bin: '501800', last4: '0009' }, null],
    ['a 13-digit PAN stored without a BIN', { mask: '*********0009', bin: null, last4: '0009' }, null],
    ['a 14-digit PAN: the mask shows the BIN', { mask: '362272****1667', bin: '362272', last4: '1667' }, '362272'],
    ['a bank account', { mask: '********6789', bin: null, last4: '6789' }, null],
  ])('bin only where the mask shows it: %s', (_name, fields, bin) => {
    const view = presentToken({
      id: 'i', token: 'tok_x', projectId: 'p', applicationId: null, type: 'card', brand: null, fingerprint: 'f', testMode: false,
      createdAt: new Date(0), createdBy: null, ...lifecycle, ...fields,
    });
    expect(view.bin).toBe(bin);
    expect(view.mask).toBe(fields.mask);
  });
});
