// The lifecycle fields a token takes at tokenize (issue 25): `metadata`, `deduplicate`, and an expiry as
// `expires_at` (RFC 3339) or `ttl_seconds`, at most ten years ahead. Shared by the card and bank bodies;
// browser-safe (no node: imports), like the rest of the request schemas.
import { z } from 'zod';
import { writtenDateTimeExists } from '../core/date-time';
import { ZTokenMetadata } from '../tokens/token-metadata';

/** Ten years (of 365.25 days): the furthest a token's expiry may be set. */
export const MAX_TOKEN_LIFETIME_SECONDS = 10 * 365.25 * 24 * 60 * 60;
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/i;

/** An RFC 3339 date-time with an offset, parsed; a 400 naming `name` otherwise. */
export const rfc3339Field = (name: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be an RFC 3339 date-time string`) }).transform((value, ctx) => {
    const at = RFC3339.test(value) && writtenDateTimeExists(value) ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: `${name} must be an RFC 3339 date-time with an offset (2030-01-31T00:00:00Z)` });
      return z.NEVER;
    }
    return at;
  });

/** Refuses an expiry in the past or more than ten years ahead (checked against the clock of the call). */
export function checkExpiry(at: Date | undefined, path: string, ctx: z.RefinementCtx): void {
  if (!at) return;
  const seconds = (at.getTime() - Date.now()) / 1000;
  if (seconds <= 0) ctx.addIssue({ code: 'custom', path: [path], message: `${path} must be in the future` });
  else if (seconds > MAX_TOKEN_LIFETIME_SECONDS) ctx.addIssue({ code: 'custom', path: [path], message: `${path} must be at most 10 years ahead` });
}

export const tokenLifecycleFields = {
  metadata: ZTokenMetadata.optional().meta({
    description:
      'Up to 20 keys `[a-z0-9_]{1,40}` with string values of up to 500 characters. A value holding a card number (12 to 19 digits passing Luhn, spaces and dashes between them counted) is refused, naming the key. Stored encrypted under the project\'s data key; returned by the tokens API and detokenize, never written to the audit log or events. Keys in the project\'s `searchable_metadata_keys` can be searched by (exact match).',
    example: { customer_id: 'cus_8412', plan: 'gold' },
  }),
  deduplicate: z.boolean({ error: 'deduplicate must be a boolean' }).optional().meta({
    description:
      'When true and the project already holds an active token for the same card or account (same fingerprint and type), that token (the oldest, if several) is returned with 200 and `deduplicated: true`, unchanged: this request\'s `metadata`, expiry and `token_format` are not applied to it (PATCH updates a token). A `cvv` still opens a fresh CVC session for it. Otherwise a new token is made (201, `deduplicated: false`).',
  }),
  expires_at: rfc3339Field('expires_at').optional().meta({
    description: 'When the token expires: RFC 3339 with an offset, in the future, at most 10 years ahead. After it, detokenize, proxy and checkout answer 404 `token_expired`, and the ciphertext is destroyed within a minute. Not with `ttl_seconds`.',
    example: '2030-01-31T00:00:00Z',
  }),
  ttl_seconds: z
    .number({ error: 'ttl_seconds must be a whole number of seconds' })
    .int('ttl_seconds must be a whole number of seconds')
    .min(1, 'ttl_seconds must be at least 1')
    .max(MAX_TOKEN_LIFETIME_SECONDS, 'ttl_seconds must be at most 10 years (315576000)')
    .optional()
    .meta({ description: 'The token expires this many seconds after creation (at most 10 years). Not with `expires_at`.', example: 86400 }),
};

/** The cross-field rules of the lifecycle fields. */
export function checkLifecycle(body: { expires_at?: Date; ttl_seconds?: number }, ctx: z.RefinementCtx): void {
  if (body.expires_at !== undefined && body.ttl_seconds !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['ttl_seconds'], message: 'Give expires_at or ttl_seconds, not both' });
  }
  checkExpiry(body.expires_at, 'expires_at', ctx);
}

/** The expiry a tokenize asked for, as a date (ttl counted from `now`). */
export function requestedExpiry(body: { expires_at?: Date; ttl_seconds?: number }, now: Date): Date | null {
  if (body.expires_at) return body.expires_at;
  if (body.ttl_seconds !== undefined) return new Date(now.getTime() + body.ttl_seconds * 1000);
  return null;
}
