// Placeholder substitution for proxied PSP requests. Each body format gets the escaping it needs, so a
// value can never break out of its JSON string, form field or XML text: JSON is escaped by the caller's
// JSON.stringify, form values are percent-encoded, XML values are entity-escaped.
// Every match is replaced in one pass, so an inserted value is never scanned for placeholders again.
// A caller may add non-secret placeholders of its own (checkout: `${amount}`, `${currency}` …): they are
// substituted in the same pass with the same escaping, and are not placeholders for anyone else.
import { VaultError } from '../core/errors';

/** The secrets a token (and, for the security code, a CVC session) can supply. */
export type SecretValues = {
  cardNumber?: string;
  expirationMonth?: string;
  expirationYear?: string;
  cvv?: string;
  accountNumber?: string;
  routingNumber?: string;
};

/** Canonical placeholder names: `${cvc}` is another spelling of `${cvv}` and is reported as `cvv`. */
export type PlaceholderName = keyof SecretValues;

/** Values of a caller's own placeholders, by name (e.g. `{ amount: '10.50' }` for `${amount}`). */
export type ExtraValues = Readonly<Record<string, string>>;

const canonicalName: ReadonlyMap<string, PlaceholderName> = new Map([
  ['cardNumber', 'cardNumber'],
  ['expirationMonth', 'expirationMonth'],
  ['expirationYear', 'expirationYear'],
  ['cvv', 'cvv'],
  ['cvc', 'cvv'],
  ['accountNumber', 'accountNumber'],
  ['routingNumber', 'routingNumber'],
]);

/** Every spelling of the secret placeholders, as written inside `${...}`. */
export const PLACEHOLDER_SPELLINGS: readonly string[] = [...canonicalName.keys()];

// Names are case-sensitive; any other `${...}` is not ours and is left alone.
const rawPattern = (names: string) => new RegExp(`\\$\\{(${names})\\}`, 'g');
// Form encoders differ in what they escape, so each of `$`, `{`, `}` may be raw or percent-encoded
// (hex digits in either case).
const rawOrEncodedPattern = (names: string) => new RegExp(`(?:\\$|%24)(?:\\{|%7[Bb])(${names})(?:\\}|%7[Dd])`, 'g');
const NAMES = PLACEHOLDER_SPELLINGS.join('|');
const RAW_PLACEHOLDER = rawPattern(NAMES);
const RAW_OR_ENCODED_PLACEHOLDER = rawOrEncodedPattern(NAMES);

/** The patterns for the secret placeholders plus `extra`'s names (which must be plain identifiers). */
function patternsFor(extra: ExtraValues): { raw: RegExp; rawOrEncoded: RegExp } {
  const extraNames = Object.keys(extra);
  if (extraNames.length === 0) return { raw: RAW_PLACEHOLDER, rawOrEncoded: RAW_OR_ENCODED_PLACEHOLDER };
  for (const name of extraNames) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name) || canonicalName.has(name)) throw new Error(`Not a usable placeholder name: ${name}`);
  }
  const names = [...extraNames, ...PLACEHOLDER_SPELLINGS].join('|');
  return { raw: rawPattern(names), rawOrEncoded: rawOrEncodedPattern(names) };
}

function toCanonical(spelling: string): PlaceholderName {
  const name = canonicalName.get(spelling);
  if (!name) throw new Error(`Not a placeholder name: ${spelling}`);
  return name;
}

/**
 * Placeholders used in `text`, raw (`${cardNumber}`) or percent-encoded (`%24%7BcardNumber%7D`, hex in
 * either case). For a JSON body use `findJsonPlaceholders`, which looks only where substitution happens.
 */
export function findPlaceholders(text: string): Set<PlaceholderName> {
  const found = new Set<PlaceholderName>();
  for (const match of text.matchAll(RAW_OR_ENCODED_PLACEHOLDER)) {
    if (match[1] !== undefined) found.add(toCanonical(match[1]));
  }
  return found;
}

/** Placeholders in the string values of a parsed JSON body (raw spelling only, keys ignored). */
export function findJsonPlaceholders(value: unknown): Set<PlaceholderName> {
  const found = new Set<PlaceholderName>();
  forEachString(value, (text) => {
    if (!text.includes('${')) return;
    for (const match of text.matchAll(RAW_PLACEHOLDER)) {
      if (match[1] !== undefined) found.add(toCanonical(match[1]));
    }
  });
  return found;
}

/**
 * Replaces placeholders inside string values (never keys), deeply, returning a new value; the caller
 * JSON.stringify's it, which escapes the inserted text. A string that is exactly `${cardNumber}`
 * stays a string, so leading zeros survive.
 */
export function substituteJsonValue(value: unknown, values: SecretValues, extra: ExtraValues = {}): unknown {
  const { raw } = patternsFor(extra);
  return walkStrings(value, (text) => (text.includes('${') ? text.replace(raw, (_match, spelling: string) => valueFor(spelling, values, extra)) : text));
}

/** application/x-www-form-urlencoded body: values inserted percent-encoded (space as `+`). */
export function substituteForm(body: string, values: SecretValues, extra: ExtraValues = {}): string {
  return body.replace(patternsFor(extra).rawOrEncoded, (_match, spelling: string) =>
    formEncode(valueFor(spelling, values, extra)),
  );
}

/** XML body: values inserted entity-escaped, safe in text and in single- or double-quoted attributes. */
export function substituteXml(body: string, values: SecretValues, extra: ExtraValues = {}): string {
  return body.replace(patternsFor(extra).raw, (_match, spelling: string) => xmlEscape(valueFor(spelling, values, extra)));
}

/**
 * Removes the named fields (e.g. `token`, `proxy_url`, `cvc_session_id`) from a urlencoded body. Other
 * pairs are kept byte-for-byte, in order, including empty ones; names are compared after decoding.
 */
export function stripFormFields(body: string, names: string[]): string {
  const drop = new Set(names);
  return body
    .split('&')
    .filter((pair) => !drop.has(formFieldName(pair)))
    .join('&');
}

function valueFor(spelling: string, values: SecretValues, extra: ExtraValues): string {
  if (Object.hasOwn(extra, spelling)) return extra[spelling]!;
  const name = toCanonical(spelling);
  const value = values[name];
  if (value !== undefined) return value;
  if (name === 'cvv') {
    throw new VaultError('cvc_session_required', `cvc_session_id is required to use the \${${spelling}} placeholder`);
  }
  const message = `The token has no value for the \${${spelling}} placeholder`;
  throw new VaultError('validation_error', message, [{ path: 'request_data', message }]);
}

/** The WHATWG urlencoded serializer (the one URLSearchParams uses): only `*-._` and alphanumerics stay. */
function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}

function formFieldName(pair: string): string {
  const separator = pair.indexOf('=');
  const rawName = separator === -1 ? pair : pair.slice(0, separator);
  // Decoded by the same WHATWG rules the PSP will use (`+` is a space, bad escapes stay as they are).
  return new URLSearchParams(`n=${rawName}`).get('n') ?? '';
}

function xmlEscape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Maps every string value (not key) of a JSON value; objects are rebuilt, never mutated. */
/** Visits every string value of a JSON value (not the keys), without copying it. */
function forEachString(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) forEachString(item, visit);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) forEachString(item, visit);
}

function walkStrings(value: unknown, mapString: (text: string) => string): unknown {
  if (typeof value === 'string') return mapString(value);
  if (Array.isArray(value)) return value.map((item) => walkStrings(item, mapString));
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a `__proto__` key from JSON.parse stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walkStrings(item, mapString)]));
  }
  return value;
}
