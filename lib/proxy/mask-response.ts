// Masks the secrets a proxied request carried wherever a PSP echoes them back (body, JSON, headers),
// so the caller's server never receives raw card data through the proxy response. A PAN is caught
// however it is written: plain, with a space, dash or dot (or a form-encoded `+`) between digits, with
// its digits or separators percent-encoded (`4242%204242…`, `%34%32…`), or as a JSON number (also one
// past 2^53 that JSON.parse rounded). PSP credentials are masked by ./mask-credentials.ts.
import { maskAccount } from '../cards/bank-rules';
import { maskPan } from '../cards/card-rules';

export type ResponseSecrets = { pan?: string; cvv?: string; accountNumber?: string };

const CVV_MASK = '***';

/** A digit as it may be written: itself, or percent-encoded (`4` or `%34`). */
function digitPattern(digit: string): string {
  return `(?:${digit}|%3${digit})`;
}

/**
 * At most one separator between two digits: a space (also no-break, `+` or `%20` as forms encode it), a
 * dash or a dot, plain or percent-encoded.
 */
const SEPARATOR = '(?:[ .+\u00a0-]|%20|%2[dDeE]|%[cC]2%[aA]0)?';

/** The PAN with an optional separator between any two digits (`4242 4242-4242.4242`, `4242%204242…`). */
function panPattern(pan: string): string {
  return [...pan].map(digitPattern).join(SEPARATOR);
}

/** One digit of a number as written (plain or `%3X`), and the percent-encoded separators to keep as they are. */
const WRITTEN_UNIT = /%3\d|%[0-9a-fA-F]{2}|\d/g;

/** Masks a written PAN digit by digit, so its separators and length survive (a `%3X` digit becomes one character). */
function maskFormattedPan(match: string, pan: string): string {
  const masked = maskPan(pan);
  let digitIndex = 0;
  return match.replace(WRITTEN_UNIT, (unit) => (unit.length === 1 || unit.startsWith('%3') ? (masked[digitIndex++] ?? '*') : unit));
}

/** A number written with these digits, not inside a longer digit run (a `%3X` digit counts as one). */
function standalone(digits: string): string {
  const body = [...digits].map(digitPattern).join('');
  // Not preceded by a digit (one that is not part of a `%XX` escape) nor by `%3X`; not followed by either.
  return `(?<!%3\\d)(?<!(?<!%|%[0-9A-Fa-f])\\d)${body}(?!\\d|%3\\d)`;
}

/**
 * A masker for one response: replaces, in one pass over a text, the PAN (however written, see above) by
 * BIN + `*` + last 4; the account number by `*` + last 4, wherever they appear; the CVV by `***` only as
 * a standalone digit run, since three digits occur everywhere (`1234` keeps its `123`). The pattern is
 * compiled at most once per response.
 */
export function createMasker(secrets: ResponseSecrets): (text: string) => string {
  const { pan, cvv, accountNumber } = secrets;
  // One combined pattern: at each position the PAN is tried first, and text already replaced is never
  // rescanned (a 4-digit CVV equal to the last 4 would otherwise re-mask the PAN's visible tail).
  const alternatives: Array<{ pattern: () => string; mask: (match: string) => string }> = [];
  if (pan) alternatives.push({ pattern: () => panPattern(pan), mask: (match) => maskFormattedPan(match, pan) });
  if (accountNumber) alternatives.push({ pattern: () => [...accountNumber].map(digitPattern).join(''), mask: () => maskAccount(accountNumber) });
  if (cvv) alternatives.push({ pattern: () => standalone(cvv), mask: () => CVV_MASK });
  if (alternatives.length === 0) return (text) => text;

  // Every written digit (`4` or `%34`) holds at least one ASCII digit, so a text with fewer digits than the
  // shortest secret holds none of them: most texts (keys, ids, dates) are returned without a regex run,
  // and the pattern is built and compiled only when a text could match.
  const fewestDigits = Math.min(...[pan, accountNumber, cvv].filter((secret): secret is string => Boolean(secret)).map((secret) => secret.length));
  let combined: RegExp | undefined;
  return (text) => {
    if (!hasDigits(text, fewestDigits)) return text;
    combined ??= new RegExp(alternatives.map(({ pattern }) => `(${pattern()})`).join('|'), 'g');
    return text.replace(combined, (match: string, ...groups: unknown[]) => {
      const index = groups.findIndex((group, i) => i < alternatives.length && group !== undefined);
      return alternatives[index]?.mask(match) ?? match;
    });
  };
}

/** Whether the text holds at least `count` ASCII digits. */
function hasDigits(text: string, count: number): boolean {
  let found = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57 && ++found >= count) return true;
  }
  return false;
}

export function maskSecrets(text: string, secrets: ResponseSecrets): string {
  return createMasker(secrets)(text);
}

/**
 * A JSON number that is a secret (an echoed `"cvc": 123`, `"number": 4242424242424242`) becomes the masked
 * string. A PAN beyond 2^53 arrives rounded by JSON.parse (6205500000000000004 → 6205500000000000000):
 * still its leading digits, so any number that parses to the PAN's value is masked.
 */
function maskNumber(value: number, secrets: ResponseSecrets): number | string {
  const text = String(value);
  if (secrets.pan && (text === secrets.pan || value === Number(secrets.pan))) return maskPan(secrets.pan);
  if (secrets.accountNumber && text === secrets.accountNumber) return maskAccount(secrets.accountNumber);
  if (secrets.cvv && text === secrets.cvv) return CVV_MASK;
  return value;
}

/** Deep walk of a parsed JSON response: keys and string values masked, secret numbers masked. */
export function maskJsonValue(value: unknown, secrets: ResponseSecrets, mask = createMasker(secrets)): unknown {
  if (typeof value === 'string') return mask(value);
  if (typeof value === 'number') return maskNumber(value, secrets);
  if (Array.isArray(value)) return value.map((item) => maskJsonValue(item, secrets, mask));
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a `__proto__` key from JSON.parse stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [mask(key), maskJsonValue(item, secrets, mask)]));
  }
  return value;
}

/** Response headers with names and values masked; multi-value headers stay arrays. */
export function maskHeaders(
  headers: Record<string, string | string[]>,
  secrets: ResponseSecrets,
  mask = createMasker(secrets),
): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [mask(name), Array.isArray(value) ? value.map(mask) : mask(value)]),
  );
}
