// Card fields of the hosted checkout page (workstream C): brand detection, spacing, Luhn, expiry and CVC
// rules. Pure functions, shared by the page's client component and its tests. Messages are shown to the
// customer next to the field and never repeat what was typed.

import { detectBrand as detectBrandId, luhnValid, type CardBrand as CardBrandId } from '../cards/card-rules';

export { luhnValid };
export type { CardBrandId };

export type CardBrand = {
  id: CardBrandId;
  label: string;
  /** Accepted lengths of the number, in digits. */
  lengths: readonly number[];
  /** Length of the security code. */
  cvcLength: number;
  /** Positions (digit counts) after which a space is shown. */
  gaps: readonly number[];
};

const FOURS = [4, 8, 12, 16] as const;

/** Per brand (detected by the vault's own IIN rules, so the page and the token agree): lengths, CVC, spacing. */
const BRANDS: Record<CardBrandId, Omit<CardBrand, 'id'>> = {
  amex: { label: 'American Express', lengths: [15], cvcLength: 4, gaps: [4, 10] },
  diners: { label: 'Diners Club', lengths: [14, 16, 19], cvcLength: 3, gaps: [4, 10] },
  jcb: { label: 'JCB', lengths: [16, 17, 18, 19], cvcLength: 3, gaps: FOURS },
  visa: { label: 'Visa', lengths: [13, 16, 19], cvcLength: 3, gaps: FOURS },
  mastercard: { label: 'Mastercard', lengths: [16], cvcLength: 3, gaps: FOURS },
  discover: { label: 'Discover', lengths: [16, 17, 18, 19], cvcLength: 3, gaps: FOURS },
  unionpay: { label: 'UnionPay', lengths: [16, 17, 18, 19], cvcLength: 3, gaps: FOURS },
  maestro: { label: 'Maestro', lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvcLength: 3, gaps: FOURS },
};

/** A stored brand id as customers read it (`visa` → Visa); `card` when unknown. */
export function brandLabel(brand: string | null): string {
  if (!brand) return 'card';
  return BRANDS[brand as CardBrandId]?.label ?? brand;
}

export const MAX_CARD_DIGITS = 19;

export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** The brand a (partial) number belongs to, or null while unknown. */
export function detectBrand(digits: string): CardBrand | null {
  const id = detectBrandId(digits);
  return id ? { id, ...BRANDS[id] } : null;
}

/** The digits grouped as printed on the card (4-6-5 for American Express, groups of 4 otherwise). */
export function formatCardNumber(digits: string): string {
  const brand = detectBrand(digits);
  const maxLength = brand ? Math.max(...brand.lengths) : MAX_CARD_DIGITS;
  const clipped = digits.slice(0, maxLength);
  const gaps = brand?.gaps ?? FOURS;
  let out = '';
  for (let index = 0; index < clipped.length; index += 1) {
    if (index > 0 && gaps.includes(index)) out += ' ';
    out += clipped[index];
  }
  return out;
}

export function cardNumberError(digits: string): string | null {
  if (!digits) return 'Enter your card number.';
  const brand = detectBrand(digits);
  const lengths = brand?.lengths ?? [12, 13, 14, 15, 16, 17, 18, 19];
  if (digits.length < Math.min(...lengths)) return 'Your card number is incomplete.';
  if (!lengths.includes(digits.length) || !luhnValid(digits)) return 'Your card number is invalid. Check it and try again.';
  return null;
}

/** Typing help for the expiry field: digits become `MM / YY` (a leading 2-9 is a month: `4` → `04 / `). */
export function formatExpiry(raw: string, deleting = false): string {
  let digits = digitsOnly(raw).slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type Expiry = { month: string; year: string };

/** `MM / YY` (or `MM/YYYY`) → two-digit month and four-digit year, or null when incomplete. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value.replace(/\s+\/\s+/, '/'));
  if (!match) {
    const digits = digitsOnly(value);
    if (digits.length !== 4 && digits.length !== 6) return null;
    return normaliseExpiry(digits.slice(0, 2), digits.slice(2));
  }
  return normaliseExpiry(match[1]!, match[2]!);
}

function normaliseExpiry(month: string, year: string): Expiry {
  return { month: month.padStart(2, '0'), year: year.length === 2 ? `20${year}` : year };
}

export function expiryError(value: string, now = new Date()): string | null {
  if (!value.trim()) return 'Enter the expiry date.';
  const expiry = parseExpiry(value);
  if (!expiry) return 'Enter the expiry date as MM / YY.';
  const month = Number(expiry.month);
  const year = Number(expiry.year);
  if (month < 1 || month > 12) return 'The expiry month must be between 01 and 12.';
  const current = now.getFullYear() * 12 + now.getMonth();
  const given = year * 12 + (month - 1);
  if (given < current) return 'Your card has expired.';
  if (year > now.getFullYear() + 20) return 'The expiry year is too far in the future.';
  return null;
}

export function cvcError(cvc: string, brand: CardBrand | null): string | null {
  if (!cvc) return 'Enter the security code.';
  if (!/^\d+$/.test(cvc)) return 'The security code has digits only.';
  if (brand) {
    if (cvc.length !== brand.cvcLength) return `The security code is ${brand.cvcLength} digits.`;
  } else if (cvc.length < 3 || cvc.length > 4) {
    return 'The security code is 3 or 4 digits.';
  }
  return null;
}

export const MAX_NAME_LENGTH = 100;

export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter the name on the card.';
  if (trimmed.length > MAX_NAME_LENGTH) return `The name is longer than ${MAX_NAME_LENGTH} characters.`;
  return null;
}
