// The body of PATCH /api/tokens/{token} and PATCH /tokens/{token} (issue 25): `metadata` merged into the
// token's (a key set to null is removed; the values follow tokenize's rules), `expires_at` (RFC 3339, in
// the future, at most ten years ahead; null removes the token's own expiry), and for card tokens
// `expirationMonth` / `expirationYear` (tokenize's rules). Strict, and at least one field. Browser-safe.
import { z } from 'zod';
import { checkExpiry, rfc3339Field } from './token-lifecycle-fields';
import { isPlainObject, ZTokenMetadata } from '../tokens/token-metadata';
import { ZCardDataSchema } from './schemas';

export const UPDATABLE_TOKEN_FIELDS = ['metadata', 'expires_at', 'expirationMonth', 'expirationYear'] as const;

/** Each entry checked alone by tokenize's rules (a null stands for a removal); the key count is checked after the merge. */
const ZTokenMetadataPatch = z
  // Read as sent (a record would drop a `__proto__` key silently; tokenize's rules refuse it).
  .custom<Record<string, unknown>>(isPlainObject, { error: 'metadata must be an object of strings (or null to remove a key)' })
  .meta({ type: 'object', additionalProperties: { type: ['string', 'null'] } })
  .superRefine((patch, ctx) => {
    for (const [key, value] of Object.entries(patch)) {
      if (value !== null && typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', path: [key], message: `metadata.${key} must be a string, or null to remove it` });
        continue;
      }
      const checked = ZTokenMetadata.safeParse({ [key]: value ?? '' });
      for (const issue of checked.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
    }
  })
  .transform((patch) => patch as Record<string, string | null>);

export const ZUpdateTokenRequestSchema = z
  .strictObject({
    metadata: ZTokenMetadataPatch.optional().meta({
      description:
        'Merged into the token\'s metadata: a key with a string sets it (tokenize\'s rules: keys `[a-z0-9_]{1,40}`, values up to 500 characters, no card number), a key with `null` removes it, keys not named stay. At most 20 keys after the merge.',
      example: { plan: 'platinum', trial: null },
    }),
    expires_at: rfc3339Field('expires_at').nullable().optional().meta({
      description: 'The token\'s new expiry: RFC 3339 with an offset, in the future, at most 10 years ahead. `null` removes its own expiry (the project\'s `token_retention_days` still applies).',
      example: '2031-01-31T00:00:00Z',
    }),
    expirationMonth: ZCardDataSchema.shape.expirationMonth.optional(),
    expirationYear: ZCardDataSchema.shape.expirationYear.optional(),
  })
  .superRefine((body, ctx) => {
    if (UPDATABLE_TOKEN_FIELDS.every((field) => body[field] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: `Give at least one of ${UPDATABLE_TOKEN_FIELDS.join(', ')}` });
    }
    if (body.expires_at) checkExpiry(body.expires_at, 'expires_at', ctx);
  })
  .meta({ id: 'UpdateTokenRequest', description: 'What to change; fields not given stay as they are. The token value never changes.' });

export type TUpdateTokenRequest = z.output<typeof ZUpdateTokenRequestSchema>;
