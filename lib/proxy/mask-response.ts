// Masks the secrets a proxied request carried wherever a PSP echoes them back (body, JSON, headers),
// so the caller's server never receives raw card data through the proxy response.
import { maskAccount } from '../vault/bank-rules';
import { maskPan } from '../vault/card-rules';

export type ResponseSecrets = { pan?: string; cvv?: string; accountNumber?: string };

const CVV_MASK = '***';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The PAN with an optional single space or dash between any two digits (`4242 4242-4242 4242`). */
function panPattern(pan: string): string {
  return [...pan].map(escapeRegExp).join('[ -]?');
}

/** Masks a formatted PAN digit by digit, so its separators and length survive. */
function maskFormattedPan(match: string, pan: string): string {
  const masked = maskPan(pan);
  let digitIndex = 0;
  return match.replace(/\d/g, () => masked[digitIndex++] ?? '*');
}

/**
 * A masker for one response: replaces, in one pass over a text, the PAN (also spaced or dashed) by
 * BIN + `*` + last 4; the account number by `*` + last 4, wherever they appear; the CVV by `***` only as
 * a standalone digit run, since three digits occur everywhere (`1234` keeps its `123`). The pattern is
 * compiled once per response, and texts without a digit (most keys and values) are returned at once.
 */
export function createMasker(secrets: ResponseSecrets): (text: string) => string {
  const { pan, cvv, accountNumber } = secrets;
  // One combined pattern: at each position the PAN is tried first, and text already replaced is never
  // rescanned (a 4-digit CVV equal to the last 4 would otherwise re-mask the PAN's visible tail).
  const alternatives: Array<{ pattern: string; mask: (match: string) => string }> = [];
  if (pan) alternatives.push({ pattern: panPattern(pan), mask: (match) => maskFormattedPan(match, pan) });
  if (accountNumber) alternatives.push({ pattern: escapeRegExp(accountNumber), mask: () => maskAccount(accountNumber) });
  if (cvv) alternatives.push({ pattern: `(?<!\\d)${escapeRegExp(cvv)}(?!\\d)`, mask: () => CVV_MASK });
  if (alternatives.length === 0) return (text) => text;

  const combined = new RegExp(alternatives.map(({ pattern }) => `(${pattern})`).join('|'), 'g');
  return (text) => {
    if (!/\d/.test(text)) return text;
    return text.replace(combined, (match: string, ...groups: unknown[]) => {
      const index = groups.findIndex((group, i) => i < alternatives.length && group !== undefined);
      return alternatives[index]?.mask(match) ?? match;
    });
  };
}

export function maskSecrets(text: string, secrets: ResponseSecrets): string {
  return createMasker(secrets)(text);
}

/** A JSON number that is a secret (e.g. an echoed `"cvc": 123`) becomes the masked string. */
function maskNumber(value: number, secrets: ResponseSecrets): number | string {
  const text = String(value);
  if (secrets.pan && text === secrets.pan) return maskPan(secrets.pan);
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
