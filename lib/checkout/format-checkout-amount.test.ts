import { describe, expect, it } from 'vitest';
import { formatCheckoutAmount } from './format-checkout-amount';

const format = (amount: string, currency: string, locale = 'en-US') => formatCheckoutAmount({ amount, currency, locale });
/** Intl separates a currency code from the number with a no-break space. */
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('formatCheckoutAmount', () => {
  it('shows exactly the stored amount where CLDR displays fewer digits than ISO 4217 (HUF, IDR, COP)', () => {
    expect(plain(format('1.50', 'HUF'))).toBe('HUF 1.50');
    expect(plain(format('1.50', 'HUF', 'hu-HU'))).toBe('1,50 Ft');
    expect(plain(format('1000.99', 'IDR'))).toBe('IDR 1,000.99');
    expect(plain(format('1500.25', 'COP'))).toBe('COP 1,500.25');
  });

  it('zero-digit, three-digit and four-digit currencies keep their ISO digits', () => {
    expect(format('1000000', 'JPY')).toBe('¥1,000,000');
    expect(plain(format('1.234', 'KWD'))).toBe('KWD 1.234');
    expect(plain(format('0.005', 'KWD'))).toBe('KWD 0.005');
    expect(plain(format('1.2345', 'CLF'))).toBe('CLF 1.2345');
  });

  it('EUR in the customer’s language, trailing zeros kept, large amounts exact', () => {
    expect(format('10.50', 'EUR')).toBe('€10.50');
    expect(plain(format('12345.67', 'EUR', 'de-DE'))).toBe('12.345,67 €');
    expect(format('999999999999999.99', 'EUR')).toBe('€999,999,999,999,999.99');
  });

  it('a code no longer in ISO’s list keeps the digits it was stored with', () => {
    expect(plain(format('12.30', 'BGN'))).toBe('BGN 12.30');
  });
});
