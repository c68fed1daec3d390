// Request bodies of the token searches (issue 25): POST /api/tokens/search (a session: the account, or one
// project) and POST /tokens/search (an API key: its project). Strict objects: a misspelt filter is a 400
// naming it, never a wider search. Messages name the field and the rule.
import { z } from 'zod';
import { cursorField, isoDateOrDateTimeField, required } from '../core/query-fields';
import { ZTokenMetadata } from './token-metadata';
import { TOKEN_FORMATS } from './token-format-names';
import { checkCreatedRange, tokenFilterFields, TOKEN_LIST_DEFAULT_LIMIT, TOKEN_LIST_MAX_LIMIT } from './schemas';

export const TOKEN_STATUSES = ['active', 'expired', 'deleted'] as const;
const LIMIT_RULE = `limit must be an integer from 1 to ${TOKEN_LIST_MAX_LIMIT}`;

const searchFields = {
  ...tokenFilterFields,
  bin: z
    .string({ error: required('bin', '6 digits') })
    .regex(/^\d{6}$/, 'bin must be 6 digits')
    .optional()
    .meta({ description: 'The first 6 digits of the card number, where the mask shows them (as the view\'s `bin`: card numbers of 14 digits or more).' }),
  token_format: z.enum(TOKEN_FORMATS, { error: required('token_format', `one of ${TOKEN_FORMATS.join(', ')}`) }).optional(),
  metadata: ZTokenMetadata.optional().meta({
    description:
      'Exact matches on metadata values, every pair at once: `{ "customer_id": "cus_8412" }`. Each key must be in the project\'s `searchable_metadata_keys` (400 naming `metadata.<key>` otherwise); a key added there moments ago answers 409 `conflict` while the project\'s existing tokens are indexed. Matched by a keyed HMAC of the key and value: no prefix or range search.',
    example: { customer_id: 'cus_8412' },
  }),
  expires_before: isoDateOrDateTimeField('expires_before', ({ at }) => at)
    .optional()
    .meta({ description: 'Tokens whose own `expires_at` is before this ISO 8601 date (its UTC midnight) or date-time with offset; tokens without one never match.' }),
  status: z
    .enum(TOKEN_STATUSES, { error: required('status', 'active, expired or deleted') })
    .default('active')
    .meta({ description: '`active` (the default), `expired` (past `expires_at`, or unused for the project\'s `token_retention_days`) or `deleted`. Deleted tokens appear only here.' }),
  limit: z
    .number({ error: required('limit', `an integer from 1 to ${TOKEN_LIST_MAX_LIMIT}`) })
    .int(LIMIT_RULE)
    .min(1, LIMIT_RULE)
    .max(TOKEN_LIST_MAX_LIMIT, LIMIT_RULE)
    .default(TOKEN_LIST_DEFAULT_LIMIT)
    .meta({ description: `Page size, 1 to ${TOKEN_LIST_MAX_LIMIT}.` }),
  cursor: cursorField().optional().meta({ description: 'The `next_cursor` of the previous page, with the same filters.' }),
};

/** POST /tokens/search: the API key's project. */
export const ZSearchTokensByKeyRequestSchema = z.strictObject(searchFields).superRefine(checkCreatedRange);
export type TSearchTokensByKeyRequest = z.infer<typeof ZSearchTokensByKeyRequestSchema>;

/** POST /api/tokens/search: the account's tokens, or one project's; a metadata filter needs the project (its searchable keys). */
export const ZSearchTokensRequestSchema = z
  .strictObject({
    project_id: z.uuid({ error: required('project_id', 'a UUID') }).optional().meta({ description: 'One project of the account (required with `metadata`); absent: every project.' }),
    ...searchFields,
  })
  .superRefine((body, ctx) => {
    checkCreatedRange(body, ctx);
    if (body.metadata !== undefined && body.project_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['project_id'], message: 'project_id is required with metadata (searchable keys are set per project)' });
    }
  });
export type TSearchTokensRequest = z.infer<typeof ZSearchTokensRequestSchema>;
