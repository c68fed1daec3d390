// The columns of an export (ours or another vault's) import as they are: `token` becomes the external_id
// when the row has none (never a format-preserving one, which holds the card's first 6), `fingerprint` is
// ignored.
import { describe, expect, it } from 'vitest';
import { columnMap, validateImportRow } from './validate-import-row';

const card = { card_number: '4242424242424242', exp_month: '12', exp_year: '2030' };
const noRenames = columnMap(undefined);

describe('validateImportRow with an export\'s columns', () => {
  it('takes the old token as the external_id and ignores the fingerprint', () => {
    const row = validateImportRow({ ...card, token: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d', fingerprint: 'ab'.repeat(32) }, noRenames, undefined);
    expect(row).toMatchObject({ ok: true, externalId: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d', metadata: {} });
  });

  it('keeps a given external_id over the token', () => {
    expect(validateImportRow({ ...card, token: 'tok_old', external_id: 'cus_9' }, noRenames, undefined)).toMatchObject({ ok: true, externalId: 'cus_9' });
  });

  it('does not use a format-preserving token (its first 6 are the card\'s)', () => {
    expect(validateImportRow({ ...card, token: '4242421234564240' }, noRenames, undefined)).toMatchObject({ ok: true, externalId: null });
  });
});
