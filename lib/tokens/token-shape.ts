// Which strings can be a token value, whatever its format (issue 25, lib/vault/token-formats.ts): `tok_…`,
// 13–19 digits that fail Luhn (pan_preserving and last4_preserving tokens always fail it, so a real card
// number is never a token), or a UUID v4. Anything else is a 404 without a query.
import { luhnValid } from '../core/luhn';

const RANDOM = /^tok_[0-9A-Za-z]{16,64}$/;
const DIGITS = /^\d{13,19}$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isTokenValueShape(value: string): boolean {
  return RANDOM.test(value) || (DIGITS.test(value) && !luhnValid(value)) || UUID_V4.test(value);
}
