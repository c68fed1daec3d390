import { describe, expect, it } from 'vitest';
import { abaRoutingValid, accountNumberValid, maskAccount } from './bank-rules';

describe('abaRoutingValid', () => {
  // Published routing numbers: Stripe test, JPMorgan Chase NY, Bank of America CA, Wells Fargo.
  it.each(['110000000', '021000021', '121000358', '121042882', '011000015'])('accepts %s', (routing) => {
    expect(abaRoutingValid(routing)).toBe(true);
  });

  it.each([
    ['021000022', 'wrong check digit'],
    ['110000001', 'wrong check digit'],
    ['02100002', '8 digits'],
    ['0210000210', '10 digits'],
    ['02100002a', 'letter'],
    ['021 000 021', 'spaces'],
    ['', 'empty'],
  ])('rejects %j (%s)', (routing) => {
    expect(abaRoutingValid(routing)).toBe(false);
  });
});

describe('accountNumberValid', () => {
  it.each(['1234', '000123456789', '12345678901234567'])('accepts %s', (account) => {
    expect(accountNumberValid(account)).toBe(true);
  });

  it.each(['123', '123456789012345678', '1234-5678', '12 34', ''])('rejects %j', (account) => {
    expect(accountNumberValid(account)).toBe(false);
  });
});

describe('maskAccount', () => {
  it('keeps the length and the last 4 digits', () => {
    expect(maskAccount('000123456789')).toBe('********6789');
    expect(maskAccount('12345')).toBe('*2345');
  });

  it('masks a 4-digit account number completely', () => {
    expect(maskAccount('1234')).toBe('****');
  });
});
