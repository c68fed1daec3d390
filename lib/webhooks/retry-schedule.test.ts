import { describe, expect, it } from 'vitest';
import { nextRetryDelayMs, parseRetryAfter } from './retry-schedule';

const DEFAULT = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

describe('nextRetryDelayMs', () => {
  it('follows the schedule after each failed attempt, then stops', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((made) => nextRetryDelayMs(DEFAULT, made, null, middle))).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextRetryDelayMs(DEFAULT, 8, null, middle)).toBeNull();
  });

  it('jitters each delay by at most 20 % either way', () => {
    expect(nextRetryDelayMs(DEFAULT, 2, null, () => 0)).toBe(240_000);
    expect(nextRetryDelayMs(DEFAULT, 2, null, () => 0.999999)).toBeCloseTo(360_000, -1);
  });

  it('waits for Retry-After only when it is longer, and never more than a day', () => {
    expect(nextRetryDelayMs(DEFAULT, 1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextRetryDelayMs(DEFAULT, 2, 60_000, () => 0.5)).toBe(300_000);
    expect(nextRetryDelayMs(DEFAULT, 1, 10 * 24 * 3_600_000, () => 0.5)).toBe(24 * 3_600_000);
    expect(nextRetryDelayMs(DEFAULT, 8, 60_000, () => 0.5)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(['30'], now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:10:00 GMT', now)).toBe(600_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
