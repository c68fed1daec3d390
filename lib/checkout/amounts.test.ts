import { describe, expect, it } from 'vitest';
import { currencyMinorDigits, normaliseAmount, normaliseCurrency } from './amounts';

describe('checkout amounts', () => {
  it('currencies: active ISO 4217 codes with a numeric minor unit, any case, whatever the runtime\'s ICU knows', () => {
    expect(normaliseCurrency('eur')).toBe('EUR');
    expect(normaliseCurrency(' usd ')).toBe('USD');
    // Funds codes (Node 20's Intl lacks most of them) and the newest codes.
    for (const code of ['CLF', 'clf', 'UYW', 'BOV', 'CHE', 'CHW', 'COU', 'MXV', 'USN', 'UYI', 'XCG', 'ZWG', 'SLE', 'VED']) {
      expect(normaliseCurrency(code)).toBe(code.toUpperCase());
    }
    // Test, "no currency", metals and other units whose minor unit is N.A.; withdrawn codes; not codes at all.
    const refused = ['XTS', 'XXX', 'XAU', 'XAG', 'XPD', 'XPT', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XSU', 'XUA', 'xau', 'HRK', 'ZWL', 'EURO', 'XYZ', '', '€'];
    for (const code of refused) expect(normaliseCurrency(code)).toBeNull();
  });

  it('minor digits are ISO 4217’s, also where Intl (CLDR) formats with fewer', () => {
    const digits = (codes: string[]) => codes.map(currencyMinorDigits);
    expect(digits(['EUR', 'USD', 'GBP', 'JPY', 'KRW', 'ISK', 'KWD', 'BHD', 'IQD', 'CLF', 'UYW'])).toEqual([2, 2, 2, 0, 0, 0, 3, 3, 3, 4, 4]);
    expect(digits(['HUF', 'IDR', 'COP', 'PKR', 'LBP'])).toEqual([2, 2, 2, 2, 2]);
    expect(digits(['UYI', 'VND', 'JOD', 'LYD', 'OMR', 'TND'])).toEqual([0, 0, 3, 3, 3, 3]);
    expect(normaliseAmount('1.2345', 'CLF')).toEqual({ amount: '1.2345', amountMinor: 12345n });
    expect(normaliseAmount('1.23456', 'CLF')).toBeNull();
    expect(normaliseAmount('1500.25', 'HUF')).toEqual({ amount: '1500.25', amountMinor: 150025n });
    expect(normaliseAmount('1.125', 'IQD')).toEqual({ amount: '1.125', amountMinor: 1125n });
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
