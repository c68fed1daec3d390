import { describe, expect, it } from 'vitest';
import { zodIssuesToFields } from '../core/zod-fields';
import { holdsCardNumber, ZTokenMetadata } from './token-metadata';

describe('holdsCardNumber', () => {
  it.each([
    ['4242424242424242', true],
    ['card 4242 4242 4242 4242 expires', true],
    ['4242-4242-4242-4242', true],
    ['4242 - 4242 - 4242 - 4242', true],
    ['378282246310005', true],
    ['order 4242424242424241', false], // fails Luhn
    ['42424242424', false], // 11 digits
    ['4242424242424242424242', false], // 22 digits: not a card number
    ['phone +1 555-0100, zip 94107', false],
    ['2026-11-28', false],
    ['', false],
  ])('%s → %s', (text, expected) => expect(holdsCardNumber(text)).toBe(expected));
});

describe('ZTokenMetadata', () => {
  const fields = (value: unknown) => {
    const parsed = ZTokenMetadata.safeParse(value);
    return parsed.success ? [] : zodIssuesToFields(parsed.error);
  };

  it('takes up to 20 keys of [a-z0-9_]{1,40} with strings of up to 500 characters', () => {
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`key_${index}`, 'x'.repeat(500)]));
    expect(fields(twenty)).toEqual([]);
    expect(fields({ ...twenty, one_more: 'x' })).toEqual([{ path: '', message: 'metadata must have at most 20 keys' }]);
  });

  // Paths are relative to the metadata object: inside a tokenize body they read `metadata.<key>`.
  it('names the key of a bad value, and never echoes a card number', () => {
    const result = fields({ customer: 'cus_1', note: 'paid with 4242 4242 4242 4242', Bad: 'x', long: 'x'.repeat(501), number: 5 });
    expect(result).toEqual([
      { path: 'note', message: 'metadata.note must not contain a card number' },
      { path: 'Bad', message: 'metadata keys must be 1 to 40 of a-z, 0-9 and _' },
      { path: 'long', message: 'metadata.long must be at most 500 characters' },
      { path: 'number', message: 'metadata.number must be a string' },
    ]);
    expect(JSON.stringify(result)).not.toContain('4242');
  });
});

describe('a __proto__ key', () => {
  it('is refused by name, not dropped (JSON.parse makes it an own key; a record copy would set a prototype)', () => {
    const parsed = ZTokenMetadata.safeParse(JSON.parse('{"__proto__":"x","a":"b"}'));
    expect(parsed.success).toBe(false);
    expect(zodIssuesToFields(parsed.error!)).toEqual([{ path: '__proto__', message: 'metadata key __proto__ is reserved' }]);
  });

  it('and a non-object is refused', () => {
    for (const value of [[], 'x', null, 5]) expect(ZTokenMetadata.safeParse(value).success).toBe(false);
  });
});
