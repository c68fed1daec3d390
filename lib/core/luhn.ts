// The Luhn (mod 10) check, in core: card rules (lib/cards) and the span scrubber (lib/telemetry, below the
// domains) both need it.
const DIGITS_ONLY = /^\d+$/;

/** Luhn (mod 10) check. False for an empty string or anything that is not only ASCII digits. */
export function luhnValid(digits: string): boolean {
  if (!DIGITS_ONLY.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}
