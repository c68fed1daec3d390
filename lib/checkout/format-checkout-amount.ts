// The amount as the customer reads it on the checkout page: the customer's language (Intl), and exactly the
// stored digits. Intl's own default is CLDR's display digits, which round HUF "1.50" to "HUF 2" and IDR
// "1000.99" to "IDR 1,001"; fixing both minimum and maximum to ISO 4217's minor digits never rounds a
// normalised amount and never drops its zeros ("10.50", not "10.5").
import { currencyMinorDigits, normaliseCurrency } from './amounts';

export function formatCheckoutAmount(options: { amount: string; currency: string; locale: string }): string {
  const { amount, currency, locale } = options;
  // A session stored before a currency left ISO's list keeps the digits it was stored with.
  const digits = normaliseCurrency(currency) ? currencyMinorDigits(currency) : (amount.split('.')[1]?.length ?? 0);
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    // A decimal string is formatted exactly (no float rounding).
    return format.format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}
