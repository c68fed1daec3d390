// A project's token settings (issue 25), on PUT and POST /api/projects and in the dashboard's form (no
// server module imported, so the browser loads them): the metadata keys the search index covers, and how
// long an unused token is kept.
import { z } from 'zod';
import { METADATA_KEY, METADATA_KEY_RULE, METADATA_MAX_KEYS } from '../core/metadata-keys';

/** As many as a token may carry: a key the index covers is one a token can hold. */
export const MAX_SEARCHABLE_METADATA_KEYS = METADATA_MAX_KEYS;
export const MAX_TOKEN_RETENTION_DAYS = 3650;

const SEARCHABLE_TOO_MANY = `searchable_metadata_keys may hold at most ${MAX_SEARCHABLE_METADATA_KEYS} keys`;

export const ZSearchableMetadataKeysSchema = z
  .array(
    z.string({ error: 'searchable_metadata_keys entries must be strings' }).regex(METADATA_KEY, `searchable_metadata_keys entries must be ${METADATA_KEY_RULE}`),
    { error: 'searchable_metadata_keys must be an array of metadata keys' },
  )
  .transform((keys) => [...new Set(keys)])
  .refine((keys) => keys.length <= MAX_SEARCHABLE_METADATA_KEYS, SEARCHABLE_TOO_MANY)
  .meta({
    description: `The metadata keys POST /api/tokens/search and POST /tokens/search may filter on (exact match), at most ${MAX_SEARCHABLE_METADATA_KEYS}, each ${METADATA_KEY_RULE}; duplicates are dropped. Only these keys get a search index entry (an HMAC of the key and value, never the value). A key added here is indexed for the project's existing tokens in the background (small projects at once, during the call); until that ends a search on it answers 409 \`conflict\` (see \`metadata_keys_indexing\`). A key removed loses its index entries in the same update.`,
    example: ['customer_id', 'order_ref'],
  });

const RETENTION_RULE = `token_retention_days must be an integer from 1 to ${MAX_TOKEN_RETENTION_DAYS}, or null`;

export const ZTokenRetentionDaysSchema = z
  .number({ error: RETENTION_RULE })
  .int(RETENTION_RULE)
  .min(1, RETENTION_RULE)
  .max(MAX_TOKEN_RETENTION_DAYS, RETENTION_RULE)
  .nullable()
  .meta({
    description: `Tokens not used (tokenized, detokenized or proxied) for this many days expire: detokenize, proxy and checkout then answer 404 \`token_expired\`, and their card data is destroyed. 1 to ${MAX_TOKEN_RETENTION_DAYS}; \`null\` keeps tokens until their own \`expires_at\`, if any.`,
    example: 365,
  });

/** The settings' fields as both project bodies take them (each optional). */
export const tokenSettingsFields = {
  searchable_metadata_keys: ZSearchableMetadataKeysSchema.optional(),
  token_retention_days: ZTokenRetentionDaysSchema.optional(),
};

/** The dashboard's token settings form: both fields, as PUT /api/projects/{id} takes them. */
export const ZProjectTokenSettingsSchema = z.strictObject({
  searchable_metadata_keys: ZSearchableMetadataKeysSchema,
  token_retention_days: ZTokenRetentionDaysSchema,
});
export type TProjectTokenSettings = z.infer<typeof ZProjectTokenSettingsSchema>;
