import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findBackupCode, hashBackupCode, newBackupCodes, normaliseBackupCode } from './backup-codes';

const key = randomBytes(32);

describe('backup codes', () => {
  it('generates 10 distinct xxxx-xxxx codes from an unambiguous alphabet', () => {
    const { codes, hashes } = newBackupCodes(key);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);
    expect(hashes).toEqual(codes.map((code) => hashBackupCode(key, code)));
    expect(hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
  });

  it('honours the count', () => {
    expect(newBackupCodes(key, 3).codes).toHaveLength(3);
  });

  it('stores hashes that reveal nothing without the key', () => {
    const { codes, hashes } = newBackupCodes(key, 1);
    expect(hashes[0]).not.toContain(normaliseBackupCode(codes[0]!));
    expect(hashBackupCode(randomBytes(32), codes[0]!)).not.toBe(hashes[0]);
  });

  it('normalises case, dashes and spaces', () => {
    expect(normaliseBackupCode('ABCD EFGH')).toBe('abcdefgh');
    expect(normaliseBackupCode('abcd-efgh')).toBe('abcdefgh');
    expect(hashBackupCode(key, 'ABCD EFGH')).toBe(hashBackupCode(key, 'abcd-efgh'));
  });

  it('finds a code by any spelling', () => {
    const { codes, hashes } = newBackupCodes(key);
    const code = codes[4]!;
    expect(findBackupCode([key], code, hashes)).toBe(4);
    expect(findBackupCode([key], ` ${code.toUpperCase().replace('-', ' ')} `, hashes)).toBe(4);
  });

  it('returns -1 for an unknown code, an empty input and another key', () => {
    const { codes, hashes } = newBackupCodes(key);
    expect(findBackupCode([key], 'zzzz-zzzz', hashes)).toBe(-1);
    expect(findBackupCode([key], '', hashes)).toBe(-1);
    expect(findBackupCode([randomBytes(32)], codes[0]!, hashes)).toBe(-1);
  });

  it('no longer finds a used code once its hash is removed', () => {
    const { codes, hashes } = newBackupCodes(key);
    const index = findBackupCode([key], codes[2]!, hashes);
    const remaining = hashes.filter((_, i) => i !== index);
    expect(findBackupCode([key], codes[2]!, remaining)).toBe(-1);
    expect(findBackupCode([key], codes[3]!, remaining)).toBe(2);
  });
});

describe('backup codes under several keys (a replaced legacy service root)', () => {
  it('finds a code hashed under any of the keys, and no other', () => {
    const legacy = randomBytes(32);
    const current = randomBytes(32);
    const old = newBackupCodes(legacy);
    const fresh = newBackupCodes(current);
    const hashes = [...old.hashes, ...fresh.hashes];
    expect(findBackupCode([current, legacy], old.codes[1]!, hashes)).toBe(1);
    expect(findBackupCode([current, legacy], fresh.codes[0]!, hashes)).toBe(old.codes.length);
    expect(findBackupCode([current], old.codes[1]!, hashes)).toBe(-1);
  });
});
