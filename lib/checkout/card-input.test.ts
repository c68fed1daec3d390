import { describe, expect, it } from 'vitest';
import { cardNumberError, cvcError, detectBrand, expiryError, formatCardNumber, formatExpiry, luhnValid, nameError, parseExpiry } from './card-input';

describe('card input', () => {
  it('detects brands from their prefixes', () => {
    const cases: [string, string | null][] = [
      ['4242', 'visa'],
      ['5555', 'mastercard'],
      ['2221', 'mastercard'],
      ['2720', 'mastercard'],
      ['3782', 'amex'],
      ['3400', 'amex'],
      ['6011', 'discover'],
      ['6500', 'discover'],
      ['3056', 'diners'],
      ['3566', 'jcb'],
      ['6200', 'unionpay'],
      ['6759', 'maestro'],
      ['5018', 'maestro'],
      ['9999', null],
      ['', null],
    ];
    for (const [digits, brand] of cases) expect(detectBrand(digits)?.id ?? null).toBe(brand);
  });

  it('spaces numbers as printed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424')).toBe('4242 4');
    // Longer than the brand allows: clipped.
    expect(formatCardNumber('37828224631000599')).toBe('3782 822463 10005');
  });

  it('checks Luhn and length', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardNumberError('4242424242424242')).toBeNull();
    expect(cardNumberError('4000000000000002')).toBeNull();
    expect(cardNumberError('378282246310005')).toBeNull();
    expect(cardNumberError('')).toMatch(/Enter/);
    expect(cardNumberError('424242')).toMatch(/incomplete/);
    expect(cardNumberError('4242424242424241')).toMatch(/invalid/);
  });

  it('formats and validates expiry dates', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(parseExpiry('12 / 30')).toEqual({ month: '12', year: '2030' });
    expect(parseExpiry('1/2031')).toEqual({ month: '01', year: '2031' });
    expect(parseExpiry('12 / 3')).toBeNull();
    const now = new Date(2026, 4, 15);
    expect(expiryError('05 / 26', now)).toBeNull();
    expect(expiryError('04 / 26', now)).toMatch(/expired/);
    expect(expiryError('13 / 30', now)).toMatch(/month/);
    expect(expiryError('', now)).toMatch(/Enter/);
    expect(expiryError('12 / 99', now)).toMatch(/too far/);
  });

  it('validates security codes and names', () => {
    expect(cvcError('123', detectBrand('4242'))).toBeNull();
    expect(cvcError('1234', detectBrand('3782'))).toBeNull();
    expect(cvcError('123', detectBrand('3782'))).toMatch(/4 digits/);
    expect(cvcError('12', null)).toMatch(/3 or 4/);
    expect(cvcError('', null)).toMatch(/Enter/);
    expect(nameError(' ')).toMatch(/Enter/);
    expect(nameError('Ada Lovelace')).toBeNull();
  });
});
