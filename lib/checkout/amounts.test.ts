import { describe, expect, it } from 'vitest';
import { currencyMinorDigits, normaliseAmount, normaliseCurrency } from './amounts';

describe('checkout amounts', () => {
  it('currencies: ISO 4217 codes Intl knows, any case; no test or funds codes', () => {
    expect(normaliseCurrency('eur')).toBe('EUR');
    expect(normaliseCurrency(' usd ')).toBe('USD');
    for (const code of ['EURO', 'XYZ', 'XXX', 'XTS', '', '€']) expect(normaliseCurrency(code)).toBeNull();
  });

  it('minor digits from Intl', () => {
    expect([currencyMinorDigits('EUR'), currencyMinorDigits('JPY'), currencyMinorDigits('KWD')]).toEqual([2, 0, 3]);
  });

  it('normalises to exactly the minor digits, with minor units', () => {
    expect(normaliseAmount('10.5', 'EUR')).toEqual({ amount: '10.50', amountMinor: 1050n });
    expect(normaliseAmount('0.01', 'EUR')).toEqual({ amount: '0.01', amountMinor: 1n });
    expect(normaliseAmount('007', 'JPY')).toEqual({ amount: '7', amountMinor: 7n });
    expect(normaliseAmount('1.2', 'KWD')).toEqual({ amount: '1.200', amountMinor: 1200n });
    expect(normaliseAmount('10.123', 'EUR')).toBeNull();
    expect(normaliseAmount('1.5', 'JPY')).toBeNull();
    for (const bad of ['1,00', '1e3', '-1', '', '.5']) expect(normaliseAmount(bad, 'EUR')).toBeNull();
  });
});
