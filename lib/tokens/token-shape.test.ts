import { describe, expect, it } from 'vitest';
import { newTokenValue, TOKEN_FORMATS } from '../vault/token-formats';
import { isTokenValueShape } from './token-shape';

describe('isTokenValueShape', () => {
  it.each(TOKEN_FORMATS)('takes every %s token', (format) => {
    for (let index = 0; index < 1000; index += 1) expect(isTokenValueShape(newTokenValue(format, '4242424242424242'))).toBe(true);
  });

  it.each([
    ['4242424242424242', 'a real card number (passes Luhn)'],
    ['424242424242', 'too short'],
    ['42424242424242424241', 'too long'],
    ['tok_short', 'a short random token'],
    ['TOK_3kT9fQ2xVbN8mWcR5yZ1aH7d', 'upper-case prefix'],
    ['0b6a9f8e-8d1f-1e55-9a55-2f5a0c2a8c11', 'a UUID of another version'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => expect(isTokenValueShape(value)).toBe(false));
});
