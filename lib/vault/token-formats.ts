// Token formats (issue 25): what a new token value looks like. Every value comes from a CSPRNG and carries
// nothing it does not show.
// - random: `tok_` + 24 base62 (the default, ~143 bits).
// - pan_preserving: digits only, the PAN's length, its first 6 and last 4 kept, the middle random; it
//   always FAILS the Luhn check, so no scanner, PSP or log masking can take it for a card number. PANs of
//   13–19 digits only (13 leaves 3 random digits).
// - last4_preserving: 16 digits (no leading zero, so it fits a numeric column) ending in the PAN's last 4,
//   Luhn-failing.
// - uuid: a UUID v4.
// Luhn failure is forced by changing one random digit when a draw happens to pass: a single digit change
// always changes the Luhn sum mod 10 (doubling is a bijection on 0–9), so the result fails. Uniqueness
// within a project is the database's (the caller retries a collision with a new draw).
import { randomUUID } from 'node:crypto';
import { luhnValid } from '../cards/card-rules';
import { pooledRandomBytes, randomIdentifier62 } from '../crypto/random';
import { MIN_PAN_PRESERVING_LENGTH, type TokenFormat } from '../tokens/token-format-names';

export { MIN_PAN_PRESERVING_LENGTH, TOKEN_FORMATS, type TokenFormat } from '../tokens/token-format-names';
export const LAST4_PRESERVING_LENGTH = 16;

/** `count` decimal digits, uniform (rejection sampling: bytes ≥ 250 are drawn again). */
export function randomDigits(count: number): string {
  let out = '';
  while (out.length < count) {
    for (const byte of pooledRandomBytes(count + 4)) {
      if (byte < 250) out += String(byte % 10);
      if (out.length === count) break;
    }
  }
  return out;
}

/** A digit other than `digit`, uniform over the nine others. */
function otherDigit(digit: string): string {
  return String((Number(digit) + 1 + Number(randomDigits(1)) % 9) % 10);
}

/** `value` if it fails Luhn, else the same with one digit of `[from, to)` changed (then it fails). */
export function luhnFailing(value: string, from: number, to: number): string {
  if (!luhnValid(value)) return value;
  const position = from + (pooledRandomBytes(1)[0]! % (to - from));
  return value.slice(0, position) + otherDigit(value[position]!) + value.slice(position + 1);
}

/** A new token value of `format`; `pan` (digits only) for the card formats. Throws on a PAN they cannot take. */
export function newTokenValue(format: TokenFormat, pan: string | null): string {
  switch (format) {
    case 'random':
      return `tok_${randomIdentifier62(24)}`;
    case 'uuid':
      return randomUUID();
    case 'pan_preserving': {
      if (!pan || pan.length < MIN_PAN_PRESERVING_LENGTH || pan.length > 19) throw new Error('pan_preserving needs a card number of 13 to 19 digits');
      return luhnFailing(pan.slice(0, 6) + randomDigits(pan.length - 10) + pan.slice(-4), 6, pan.length - 4);
    }
    case 'last4_preserving': {
      if (!pan || pan.length < 4) throw new Error('last4_preserving needs a card number');
      const lead = String(1 + (Number(randomDigits(1)) % 9));
      return luhnFailing(lead + randomDigits(LAST4_PRESERVING_LENGTH - 5) + pan.slice(-4), 1, LAST4_PRESERVING_LENGTH - 4);
    }
  }
}
