// A password generated for a person to type once: printed on an operator's terminal (first start's owner,
// `vault user reset-password`), and maybe kept by a log collector, so it is born expired: the first sign-in
// answers `password_expired` and the user chooses their own (PCI DSS 8.3.6: changed at first use).
import { randomBase62 } from '../crypto/random';

/** The generated password counts as changed at the epoch: far past the 90-day age, so already expired. */
export const GENERATED_PASSWORD_CHANGED_AT = new Date(0);

/** 20 random base62 characters (~119 bits), then a letter and a digit so every policy rule is met. */
export function generateOneTimePassword(): string {
  return `${randomBase62(20)}7a`;
}
