import { describe, expect, it } from 'vitest';
import { pooledRandomBytes, randomBase62, randomIdentifier62 } from './random';

describe('pooled random bytes', () => {
  it('never hands out the same bytes twice, across pool refills', () => {
    const seen = new Set<string>();
    // 3,000 × 12 bytes span several 4 KiB refills.
    for (let i = 0; i < 3_000; i++) seen.add(pooledRandomBytes(12).toString('hex'));
    expect(seen.size).toBe(3_000);
  });

  it('gives exactly the size asked, large sizes included (straight from the generator)', () => {
    expect(pooledRandomBytes(1)).toHaveLength(1);
    expect(pooledRandomBytes(4_000)).toHaveLength(4_000);
    // Not all zeros: the pool is filled before its first use.
    expect(pooledRandomBytes(32).equals(Buffer.alloc(32))).toBe(false);
  });

  it('identifiers and secrets are base62 of the asked length, without repeats', () => {
    const ids = Array.from({ length: 500 }, () => randomIdentifier62(24));
    expect(new Set(ids).size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{24}$/);
    expect(randomBase62(32)).toMatch(/^[0-9A-Za-z]{32}$/);
  });
});
