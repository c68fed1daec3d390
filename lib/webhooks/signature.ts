// Webhook signing secrets and the `webhook-signature` header, per Standard Webhooks v1: HMAC-SHA256 keyed
// with the base64-decoded part of a `whsec_…` secret over "{id}.{timestamp}.{body}". Receivers verify with
// public/webhooks.js (or any Standard Webhooks library), so the format here is fixed by that spec.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;
// The spec's range for symmetric keys (192 to 512 bits); ours are 256, a merchant's migrated one may differ.
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// The id is a field of the signed string, so it must not contain its separator (the spec forbids '.').
const SIGNABLE_ID = /^[^.\s]+$/;

/** A new secret: `whsec_` + base64 of 32 random bytes. Shown to the merchant; the key is its decoded part. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** `whsec_` + canonical padded base64 of 24 to 64 bytes (what newWebhookSecret makes is 32). */
export function isWebhookSecret(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith(SECRET_PREFIX)) return false;
  const encoded = value.slice(SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) return false;
  const key = Buffer.from(encoded, 'base64');
  // Round-trip: Node's decoder forgives bad padding and stray bits; a stored secret must be exact.
  return key.length >= MIN_SECRET_BYTES && key.length <= MAX_SECRET_BYTES && key.toString('base64') === encoded;
}

/**
 * The `webhook-signature` header value: one `v1,<base64 HMAC>` per secret, space-separated, in the given
 * order (the current secret and, during a rotation, the previous one). `timestamp` is the
 * `webhook-timestamp` header (unix seconds); `body` the exact bytes sent, as a string.
 */
export function signWebhook(options: { id: string; timestamp: number; body: string; secrets: string[] }): string {
  const { id, timestamp, body, secrets } = options;
  if (!SIGNABLE_ID.test(id)) throw new TypeError('webhook id must be non-empty, without dots or white space');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new TypeError('webhook timestamp must be whole unix seconds');
  if (secrets.length === 0) throw new TypeError('at least one webhook secret is needed');
  const signed = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => {
      if (!isWebhookSecret(secret)) throw new TypeError('not a webhook secret (whsec_ + base64)');
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    })
    .join(' ');
}
