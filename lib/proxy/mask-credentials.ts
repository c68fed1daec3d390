// Masks a merchant's PSP credentials (the values of a checkout processor's headers) wherever a PSP echoes
// any of them back, e.g. in a decline message the customer sees: "Invalid API key sk_live_4eC39HqLyjWDar".
// A credential is rarely echoed whole: `Authorization: Bearer sk_live_…` comes back as the bare key, and
// PSPs often echo a key truncated. So each credential is cut into its parts (at whitespace; a Basic
// credential also into its decoded user and password), and any run of 8 or more characters that occurs
// inside a part of 8 or more characters is masked, wherever it appears. A whole header value of 4
// characters or more is also masked where it appears whole. Shorter runs are left alone: they would
// match ordinary words and digits.

/** The shortest run of a credential that is masked wherever it appears. */
export const CREDENTIAL_MIN_RUN = 8;
/** A whole header value this long or longer is masked where it appears whole. */
const WHOLE_VALUE_MIN_LENGTH = 4;
const CREDENTIAL_MASK = '***';

/** The parts of a header value: whitespace-separated words, and a Basic credential's user and password. */
export function credentialParts(value: string): string[] {
  const words = value.split(/\s+/).filter(Boolean);
  const parts = [...words];
  const [scheme, encoded] = words;
  if (scheme?.toLowerCase() === 'basic' && encoded) {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) parts.push(decoded.slice(0, colon), decoded.slice(colon + 1));
  }
  return parts;
}

/**
 * A masker for the given credentials: whole values of 4 characters or more, and every run of at least
 * CREDENTIAL_MIN_RUN characters that also occurs inside one credential part, become `***` (adjacent or
 * overlapping matches become one `***`). Identity when there is nothing to mask.
 */
export function createCredentialMasker(credentials: readonly string[]): (text: string) => string {
  const windows = new Set<string>();
  const wholeValues = new Set<string>();
  for (const credential of credentials) {
    if (credential.length >= WHOLE_VALUE_MIN_LENGTH) wholeValues.add(credential);
    for (const part of credentialParts(credential)) {
      // Every run of 8+ characters of the part contains a run of exactly 8: those are enough to find them.
      for (let i = 0; i + CREDENTIAL_MIN_RUN <= part.length; i++) windows.add(part.slice(i, i + CREDENTIAL_MIN_RUN));
    }
  }
  if (windows.size === 0 && wholeValues.size === 0) return (text) => text;

  return (text) => {
    // Mark every character covered by a whole value or by an 8-character run of a credential part.
    const covered = new Uint8Array(text.length);
    let any = false;
    for (const value of wholeValues) {
      for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
        covered.fill(1, at, at + value.length);
        any = true;
      }
    }
    for (let i = 0; i + CREDENTIAL_MIN_RUN <= text.length; i++) {
      if (windows.has(text.slice(i, i + CREDENTIAL_MIN_RUN))) {
        covered.fill(1, i, i + CREDENTIAL_MIN_RUN);
        any = true;
      }
    }
    if (!any) return text;
    let masked = '';
    for (let i = 0; i < text.length; i++) {
      if (!covered[i]) masked += text[i];
      else if (i === 0 || !covered[i - 1]) masked += CREDENTIAL_MASK;
    }
    return masked;
  };
}
