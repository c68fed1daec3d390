// Currencies and amounts. A currency is valid when it is an active ISO 4217 code with a numeric minor unit
// (iso-4217.ts, our own copy of List One: funds codes such as CLF, UYW, BOV included; XTS, XXX, metals and
// other "N.A." units refused), in any case; its minor digits are ISO's column: EUR 2, JPY 0, KWD 3, CLF 4,
// HUF and IDR 2 (CLDR displays those with fewer; a PSP bills in ISO's).
// An amount is a plain decimal string, > 0, with at most that many decimals; it is stored normalised to
// exactly that many ("10.5" EUR → "10.50", "010" JPY → "10") and as an integer of minor units (1050).
import { ISO_4217_MINOR_UNITS } from './iso-4217';

/** Upper-case code when valid, else null. */
export function normaliseCurrency(code: string): string | null {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(upper) && typeof ISO_4217_MINOR_UNITS[upper] === 'number' ? upper : null;
}

/** Minor digits (ISO 4217) of a valid (normalised) currency code. */
export function currencyMinorDigits(currency: string): number {
  const digits = ISO_4217_MINOR_UNITS[currency];
  if (typeof digits !== 'number') throw new Error(`not a payable ISO 4217 currency: ${currency}`);
  return digits;
}

/** Up to 15 integer digits (amounts in the trillions), an optional fraction. */
export const AMOUNT_PATTERN = /^\d{1,15}(\.\d{1,10})?$/;

/** Minor units a session can hold (a PostgreSQL bigint); only 4-decimal currencies (CLF, UYW) reach it. */
export const MAX_AMOUNT_MINOR = 2n ** 63n - 1n;

/** An integer of minor units as a decimal string with exactly `digits` decimals (1050n, 2 → "10.50"). */
function minorToDecimal(minor: bigint, digits: number): string {
  const text = minor.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A decimal string of AMOUNT_PATTERN in a currency, or null when it is not one or has more decimals than the currency. */
export function normaliseAmount(amount: string, currency: string): { amount: string; amountMinor: bigint } | null {
  if (!AMOUNT_PATTERN.test(amount)) return null;
  const digits = currencyMinorDigits(currency);
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > digits) return null;
  const amountMinor = BigInt(whole + fraction.padEnd(digits, '0'));
  return { amount: minorToDecimal(amountMinor, digits), amountMinor };
}
