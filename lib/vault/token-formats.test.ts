import { describe, expect, it } from 'vitest';
import { luhnValid } from '../cards/card-rules';
import { luhnFailing, newTokenValue, randomDigits } from './token-formats';

const VISA = '4242424242424242';
const AMEX = '378282246310005';
const SHORT = '4222222222222'; // 13 digits

describe('token formats', () => {
  it('pan_preserving: the PAN\'s length, first 6 and last 4 kept, Luhn-failing over 1,000,000 tokens', () => {
    for (const pan of [VISA, AMEX, SHORT, '6011000990139424123']) {
      const middles = new Set<string>();
      for (let index = 0; index < 250_000; index += 1) {
        const token = newTokenValue('pan_preserving', pan);
        if (token.length !== pan.length || token.slice(0, 6) !== pan.slice(0, 6) || token.slice(-4) !== pan.slice(-4) || !/^\d+$/.test(token) || luhnValid(token)) {
          throw new Error(`bad token ${token} for a ${pan.length}-digit PAN`);
        }
        if (middles.size < 1000) middles.add(token.slice(6, -4));
      }
      // The middle is random: of a thousand draws, about 632 differ for 3 digits (1,000 values), ~995 for 5 or more.
      expect(middles.size).toBeGreaterThan(pan.length === 13 ? 560 : 980);
    }
  });

  it('last4_preserving: 16 digits, no leading zero, the last 4 kept, Luhn-failing over 1,000,000 tokens', () => {
    for (let index = 0; index < 1_000_000; index += 1) {
      const token = newTokenValue('last4_preserving', AMEX);
      if (!/^[1-9]\d{11}0005$/.test(token) || luhnValid(token)) throw new Error(`bad token ${token}`);
    }
  });

  it('random and uuid', () => {
    expect(newTokenValue('random', null)).toMatch(/^tok_[0-9A-Za-z]{24}$/);
    expect(newTokenValue('uuid', null)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses PANs the card formats cannot take', () => {
    expect(() => newTokenValue('pan_preserving', '424242424242')).toThrow('13 to 19 digits');
    expect(() => newTokenValue('pan_preserving', null)).toThrow();
    expect(() => newTokenValue('last4_preserving', null)).toThrow();
  });

  it('luhnFailing changes exactly one digit inside the range of a Luhn-valid value, and leaves a failing one alone', () => {
    for (let index = 0; index < 10_000; index += 1) {
      const changed = luhnFailing(VISA, 6, 12);
      expect(luhnValid(changed)).toBe(false);
      const differences = [...changed].filter((digit, at) => digit !== VISA[at]);
      expect(differences).toHaveLength(1);
      const at = [...changed].findIndex((digit, position) => digit !== VISA[position]);
      expect(at).toBeGreaterThanOrEqual(6);
      expect(at).toBeLessThan(12);
    }
    expect(luhnFailing('4242424242424241', 6, 12)).toBe('4242424242424241');
  });

  it('randomDigits is uniform enough: each digit within 2 % of a tenth over 1,000,000', () => {
    const counts = new Array<number>(10).fill(0);
    const digits = randomDigits(1_000_000);
    for (const digit of digits) counts[Number(digit)]! += 1;
    for (const count of counts) expect(Math.abs(count - 100_000)).toBeLessThan(2_000);
  });
});
