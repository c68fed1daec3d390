// Card number rules: Luhn, brand detection by IIN prefix, and PCI-safe display forms.
// Pure string functions; callers validate input shape first (see schemas.ts).

export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'maestro';

export { luhnValid } from '../core/luhn';
const DIGITS_ONLY = /^\d+$/;

/** Removes the spaces and dashes people type between digit groups (`4242 4242-4242 4242`). */
export function stripCardSeparators(input: string): string {
  return input.replace(/[ -]/g, '');
}

/** Inclusive IIN prefix range; both ends have the same number of digits. */
type PrefixRange = readonly [from: string, to: string];

// The ranges do not overlap. Discover's co-branded 622126–622925 lies inside UnionPay's 62 and is
// reported as UnionPay. Ranges not listed (e.g. Mir 2200–2204) give null.
const brandRanges: ReadonlyArray<readonly [CardBrand, readonly PrefixRange[]]> = [
  ['amex', [['34', '34'], ['37', '37']]],
  ['diners', [['300', '305'], ['3095', '3095'], ['36', '36'], ['38', '39']]],
  ['jcb', [['3528', '3589']]],
  ['visa', [['4', '4']]],
  ['mastercard', [['51', '55'], ['2221', '2720']]],
  ['discover', [['6011', '6011'], ['644', '649'], ['65', '65']]],
  ['unionpay', [['62', '62']]],
  ['maestro', [['50', '50'], ['56', '58'], ['6304', '6304'], ['6759', '6759'], ['6761', '6763'], ['676770', '676770'], ['676774', '676774']]],
];

function inRange(pan: string, [from, to]: PrefixRange): boolean {
  if (pan.length < from.length) return false;
  const prefix = pan.slice(0, from.length);
  // Same-length digit strings compare numerically when compared as strings.
  return prefix >= from && prefix <= to;
}

/**
 * Brand from the IIN prefix only: no length or Luhn check (partial numbers work, which suits
 * as-you-type UIs). Null for digits outside the known ranges or for non-digits.
 */
export function detectBrand(pan: string): CardBrand | null {
  if (!DIGITS_ONLY.test(pan)) return null;
  for (const [brand, ranges] of brandRanges) {
    if (ranges.some((range) => inRange(pan, range))) return brand;
  }
  return null;
}

const BIN_LENGTH = 6;
const LAST4_LENGTH = 4;
// Showing BIN + last 4 of a short PAN would leave only one to three digits hidden, which Luhn narrows
// further; below this length only the last 4 are shown.
const MIN_LENGTH_TO_SHOW_BIN = BIN_LENGTH + LAST4_LENGTH + 4;

/**
 * The first 6 digits. PCI DSS 3.4.1 also allows 8 for PANs of 16+ digits; we keep 6 for every length
 * so stored and displayed BINs are comparable across card lengths.
 */
export function binOf(pan: string): string {
  return pan.slice(0, BIN_LENGTH);
}

export function last4(pan: string): string {
  return pan.slice(-LAST4_LENGTH);
}

/** Whether the mask of a PAN this long shows its BIN (14 digits and more). */
export function maskShowsBin(pan: string): boolean {
  return pan.length >= MIN_LENGTH_TO_SHOW_BIN;
}

/**
 * The BIN as responses may show it: only where the mask shows it too. For a PAN under 14 digits the mask
 * is `*` + last 4, and a BIN beside it would give back what the mask hides: null.
 */
export function displayedBin(pan: string): string | null {
  return maskShowsBin(pan) ? binOf(pan) : null;
}

/**
 * The stored BIN of a token as responses show it: null unless its mask starts with it (tokens stored
 * before BINs of short PANs were dropped still have one in their row).
 */
export function visibleBin(row: { bin: string | null; mask: string }): string | null {
  return row.bin && row.mask.startsWith(row.bin) ? row.bin : null;
}

/** `424242******4242`: BIN + `*` + last 4, same length as the PAN (PCI DSS 3.4.1 maximum). */
export function maskPan(pan: string): string {
  if (!maskShowsBin(pan)) {
    return '*'.repeat(Math.max(pan.length - LAST4_LENGTH, 0)) + last4(pan);
  }
  return binOf(pan) + '*'.repeat(pan.length - BIN_LENGTH - LAST4_LENGTH) + last4(pan);
}

/** Expiry month as the spec fixes it: exactly two digits, `01`–`12`. */
export const expirationMonthPattern = /^(0[1-9]|1[0-2])$/;

/** Expiry year: 2 or 4 digits. Past years match: vaults store expired cards too. */
export const expirationYearPattern = /^(\d{2}|\d{4})$/;

/** A valid-format expiry (MM, YY or YYYY) before the current UTC month: the card can no longer be charged. */
export function isPastExpiry(month: string, year: string, now = new Date()): boolean {
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  return fullYear * 12 + Number(month) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** Card security code: 3 or 4 digits (4 for Amex); the brand is not cross-checked. */
export const cvcPattern = /^\d{3,4}$/;

/**
 * The year as it will be injected into `${expirationYear}`: exactly as the client sent it (2 or 4
 * digits), because the PSP request template was written for that form. Kept as a function so the
 * policy lives in one place.
 */
export function normaliseYear(year: string): string {
  return year;
}
