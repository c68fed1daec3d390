/*!
 * Vault webhook verification — {APP_URL}/webhooks.js, or `import { verifyWebhook } from 'vault/webhooks'`
 *
 * Checks that a webhook request came from your Vault (Standard Webhooks v1: HMAC-SHA256 over
 * "{webhook-id}.{webhook-timestamp}.{raw body}") and returns its JSON event. Dependency-free ES module, no
 * build step; it uses Web Crypto only, so it runs on Node 20+, Deno, Bun, Next.js (node and edge), Workers.
 *
 *   import { verifyWebhook, WebhookVerificationError } from 'vault/webhooks';
 *   const event = await verifyWebhook(rawBody, request.headers, process.env.VAULT_WEBHOOK_SECRET);
 *
 * rawBody   the request body exactly as received: a string, Uint8Array/Buffer or ArrayBuffer. Never
 *           JSON.stringify(parsedBody): another serialisation of the same JSON has another signature.
 * headers   a Headers object, a plain object (Node's req.headers: any case, values may be arrays) or a Map.
 * secrets   the endpoint's secret ("whsec_…"), or an array of them while you rotate (any one may match).
 * options   { toleranceSeconds = 300, now = () => Date.now() }: how far webhook-timestamp may be from now.
 *
 * Throws a WebhookVerificationError whose `code` is one of: missing_headers, malformed_header,
 * timestamp_too_old, timestamp_too_new, invalid_signature, invalid_secret (your configuration), invalid_json.
 * Answer such a request with a 400 and do not act on it. Then use webhook-id to process each event once.
 *
 * Signatures are compared with crypto.subtle.verify (constant time), never as strings.
 */

const SECRET_PREFIX = 'whsec_';
// The Standard Webhooks spec's minimum key size: a shorter "secret" is almost surely the wrong value.
const MIN_SECRET_BYTES = 24;
const SIGNATURE_BYTES = 32; // HMAC-SHA256
// A sender signs once per active secret (two during a rotation); more entries than this are not a real
// header, and each one costs an HMAC over the whole body per secret.
const MAX_SIGNATURES = 10;
const DEFAULT_TOLERANCE_SECONDS = 300;

export class WebhookVerificationError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

function fail(code, message) {
  return new WebhookVerificationError(code, message);
}

// Forgiving base64 (atob ignores white space and missing padding); null when it is not base64 at all.
function decodeBase64(text) {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

// "whsec_<base64>" or the bare base64, as the Standard Webhooks libraries accept.
function secretKeyBytes(secret) {
  if (typeof secret !== 'string') throw fail('invalid_secret', 'each secret must be a string ("whsec_…")');
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const bytes = encoded.trim() === '' ? null : decodeBase64(encoded);
  if (!bytes) throw fail('invalid_secret', 'a secret is not "whsec_" followed by base64');
  if (bytes.length < MIN_SECRET_BYTES) throw fail('invalid_secret', `a secret decodes to fewer than ${MIN_SECRET_BYTES} bytes`);
  return bytes;
}

// One header's value from any of the header shapes, or undefined. Repeated values are joined with ", " as
// Node and fetch do for repeated headers.
function readHeader(headers, name) {
  if (!headers || typeof headers !== 'object') return undefined;
  let value;
  if (typeof headers.get === 'function' && typeof headers.has === 'function' && !(headers instanceof Map)) {
    value = headers.get(name); // Headers: already case-insensitive
  } else {
    const entries = headers instanceof Map ? headers.entries() : Object.entries(headers);
    for (const [key, entry] of entries) {
      if (typeof key === 'string' && key.toLowerCase() === name) {
        value = entry;
        break;
      }
    }
  }
  if (Array.isArray(value)) value = value.join(', ');
  if (value == null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

// The v1 signatures as bytes. Entries of other versions (v1a: asymmetric) are skipped, as the spec says;
// a trailing comma is tolerated because a repeated header arrives joined with ", ".
function parseSignatures(header) {
  const signatures = [];
  for (const entry of header.split(/\s+/)) {
    const comma = entry.indexOf(',');
    if (comma === -1 || entry.slice(0, comma) !== 'v1') continue;
    const bytes = decodeBase64(entry.slice(comma + 1).replace(/,$/, ''));
    if (bytes && bytes.length === SIGNATURE_BYTES) signatures.push(bytes);
  }
  if (signatures.length === 0) throw fail('malformed_header', 'webhook-signature has no well-formed "v1,<base64>" entry');
  if (signatures.length > MAX_SIGNATURES) throw fail('malformed_header', `webhook-signature has more than ${MAX_SIGNATURES} v1 entries`);
  return signatures;
}

function bodyBytes(rawBody) {
  if (typeof rawBody === 'string') return new TextEncoder().encode(rawBody);
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  if (ArrayBuffer.isView(rawBody)) return new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  // Most often a body a framework already parsed (express.json()): its bytes are gone, so it cannot be verified.
  throw new TypeError('verifyWebhook: rawBody must be the raw request body (a string or bytes), not parsed JSON');
}

function concatBytes(head, tail) {
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head, 0);
  joined.set(tail, head.length);
  return joined;
}

export async function verifyWebhook(rawBody, headers, secrets, options = {}) {
  const { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = () => Date.now() } = options;
  if (typeof toleranceSeconds !== 'number' || !(toleranceSeconds >= 0)) throw new TypeError('verifyWebhook: toleranceSeconds must be a number >= 0');
  const secretList = Array.isArray(secrets) ? secrets : [secrets];
  if (secretList.length === 0) throw fail('invalid_secret', 'no secret given');
  // Checked before the request, so a wrong configuration shows on the first request, whatever it holds.
  const keyBytes = secretList.map(secretKeyBytes);
  const body = bodyBytes(rawBody);

  const id = readHeader(headers, 'webhook-id');
  const timestamp = readHeader(headers, 'webhook-timestamp');
  const signatureHeader = readHeader(headers, 'webhook-signature');
  if (!id || !timestamp || !signatureHeader) {
    throw fail('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are all required');
  }
  if (!/^\d{1,15}$/.test(timestamp)) throw fail('malformed_header', 'webhook-timestamp is not an integer number of seconds');
  const signatures = parseSignatures(signatureHeader);

  // The replay window: a captured request is worthless once its timestamp is out of it.
  const age = Math.floor(now() / 1000) - Number(timestamp);
  if (age > toleranceSeconds) throw fail('timestamp_too_old', 'webhook-timestamp is too old');
  if (-age > toleranceSeconds) throw fail('timestamp_too_new', 'webhook-timestamp is too far in the future');

  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) throw new Error('verifyWebhook needs Web Crypto (globalThis.crypto.subtle)');
  // Signed exactly as sent: the header strings and the body's bytes, not a re-encoding of them.
  const signed = concatBytes(new TextEncoder().encode(`${id}.${timestamp}.`), body);
  let matched = false;
  for (const bytes of keyBytes) {
    const key = await subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    for (const signature of signatures) {
      if (await subtle.verify('HMAC', key, signature, signed)) {
        matched = true;
        break;
      }
    }
    if (matched) break;
  }
  if (!matched) throw fail('invalid_signature', 'no signature matches the secret');

  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw fail('invalid_json', 'the signed body is not JSON');
  }
}
