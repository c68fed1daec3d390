// Checkout session ids: `cs_` + 24 base62 characters from a CSPRNG (~143 bits). The id is the customer's
// only credential on the page, so it must be unguessable; anything of another shape is simply unknown.
import { randomBase62 } from '../crypto/random';

const SESSION_ID = /^cs_[0-9A-Za-z]{24}$/;

export function newCheckoutSessionId(): string {
  return `cs_${randomBase62(24)}`;
}

export function isCheckoutSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}
