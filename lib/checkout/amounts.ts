// Currencies and amounts. A currency is valid when the runtime's Intl knows it
// (`Intl.supportedValuesOf('currency')`: the ISO 4217 codes in use, no funds or test codes), and its minor
// digits are the ones Intl (CLDR) formats it with: EUR 2, JPY 0, KWD 3. An amount is a plain decimal
// string, > 0, with at most that many decimals; it is stored normalised to exactly that many ("10.5" EUR →
// "10.50", "010" JPY → "10") and as an integer of minor units (1050).

const SUPPORTED = new Set(Intl.supportedValuesOf('currency'));
const minorDigitsCache = new Map<string, number>();

/** Upper-case code when valid, else null. */
export function normaliseCurrency(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(upper) && SUPPORTED.has(upper) ? upper : null;
}

/** Minor digits of a valid (normalised) currency code. */
export function currencyMinorDigits(currency: string): number {
  let digits = minorDigitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigitsCache.set(currency, digits);
  }
  return digits;
}

/** Up to 15 integer digits (amounts in the trillions), an optional fraction. */
export const AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,10})?$/;

/** A decimal string of AMOUNT_PATTERN in a currency, or null when it is not one or has more decimals than the currency. */
export function normaliseAmount(amount: string, currency: string): { amount: string; amountMinor: bigint } | null {
  if (!AMOUNT_PATTERN.test(amount)) return null;
  const digits = currencyMinorDigits(currency);
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > digits) return null;
  const amountMinor = BigInt(whole + fraction.padEnd(digits, '0'));
  const text = amountMinor.toString().padStart(digits + 1, '0');
  return { amount: digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`, amountMinor };
}
