// Currencies and amounts. A currency is valid when the runtime's Intl knows it
// (`Intl.supportedValuesOf('currency')`: the ISO 4217 codes in use, no funds or test codes), and its minor
// digits are ISO 4217's own "minor unit" column: EUR 2, JPY 0, KWD 3, CLF 4. (Intl/CLDR formats some
// currencies with fewer digits than ISO 4217 defines, e.g. HUF, IDR, COP and IQD: a PSP bills in ISO's.)
// An amount is a plain decimal string, > 0, with at most that many decimals; it is stored normalised to
// exactly that many ("10.5" EUR → "10.50", "010" JPY → "10") and as an integer of minor units (1050).

const SUPPORTED = new Set(Intl.supportedValuesOf('currency'));

/** ISO 4217 minor units other than 2 (list one, current codes). */
const ISO_MINOR_DIGITS: Record<string, number> = {
  ...Object.fromEntries(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((code) => [code, 0])),
  ...Object.fromEntries(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((code) => [code, 3])),
  CLF: 4,
  UYW: 4,
};

/** Upper-case code when valid, else null. */
export function normaliseCurrency(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(upper) && SUPPORTED.has(upper) ? upper : null;
}

/** Minor digits (ISO 4217) of a valid (normalised) currency code. */
export function currencyMinorDigits(currency: string): number {
  return ISO_MINOR_DIGITS[currency] ?? 2;
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
