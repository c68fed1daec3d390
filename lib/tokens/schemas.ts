// Query schema of GET /api/tokens. Messages name the field and the rule; unknown parameters are refused
// (a misspelt filter must not quietly widen the listing to every token).
import { z } from 'zod';
import { cursorField, isoDateOrDateTimeField, pageLimitField, required } from '../core/query-fields';
import { TOKEN_FORMATS } from './token-format-names';

export const TOKEN_LIST_DEFAULT_LIMIT = 25;
export const TOKEN_LIST_MAX_LIMIT = 100;
export const TOKEN_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'maestro'] as const;

/** Fingerprints are HMAC-SHA-256 in lowercase hex; a filter is one, or a prefix of at least 8 characters. */
export const FINGERPRINT_LENGTH = 64;
export const FINGERPRINT_PREFIX_MIN = 8;
const FINGERPRINT_FILTER = new RegExp(`^[0-9a-f]{${FINGERPRINT_PREFIX_MIN},${FINGERPRINT_LENGTH}}$`);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An ISO 8601 date (`2026-01-31`, a whole UTC day) or date-time with an offset. Parsed to the range it
 * covers: `from` is its first millisecond, `to` the first millisecond after it (created_at is stored
 * with millisecond precision), so `created_to` is inclusive either way.
 */
const isoBoundField = (name: string) =>
  isoDateOrDateTimeField(name, ({ at, dateOnly }) => ({ from: at, to: new Date(at.getTime() + (dateOnly ? DAY_MS : 1)) }));

/** The token filters GET /api/tokens and the searches share (each optional). */
export const tokenFilterFields = {
  type: z.enum(['card', 'bank'], { error: required('type', 'card or bank') }).optional(),
  last4: z.string({ error: required('last4', '4 digits') }).regex(/^\d{4}$/, 'last4 must be 4 digits').optional(),
  brand: z.enum(TOKEN_BRANDS, { error: required('brand', `one of ${TOKEN_BRANDS.join(', ')}`) }).optional(),
  fingerprint: z
    .string({ error: required('fingerprint', 'a string') })
    .regex(FINGERPRINT_FILTER, `fingerprint must be the full fingerprint or a prefix of at least ${FINGERPRINT_PREFIX_MIN} lowercase hex characters`)
    .optional()
    .meta({ description: `The same card or account: its full \`fingerprint\` (${FINGERPRINT_LENGTH} lowercase hex characters), or a prefix of at least ${FINGERPRINT_PREFIX_MIN}.` }),
  created_from: isoBoundField('created_from').optional().meta({ description: 'Created at or after: an ISO 8601 date (from the start of that UTC day) or date-time with offset.' }),
  created_to: isoBoundField('created_to').optional().meta({ description: 'Created at or before (inclusive): an ISO 8601 date (to the end of that UTC day) or date-time with offset.' }),
};

/** created_to may not end before created_from begins. */
export function checkCreatedRange(query: { created_from?: { from: Date }; created_to?: { to: Date } }, ctx: z.RefinementCtx): void {
  if (query.created_from && query.created_to && query.created_from.from >= query.created_to.to) {
    ctx.addIssue({ code: 'custom', path: ['created_to'], message: 'created_to must not be before created_from' });
  }
}

export const ZListTokensQuerySchema = z
  .strictObject({
    project_id: z.uuid({ error: required('project_id', 'a UUID') }).optional(),
    ...tokenFilterFields,
    limit: pageLimitField(TOKEN_LIST_DEFAULT_LIMIT, TOKEN_LIST_MAX_LIMIT),
    cursor: cursorField().optional(),
  })
  .superRefine(checkCreatedRange);
export type TListTokensQuery = z.infer<typeof ZListTokensQuerySchema>;

// Responses
export const ZTokenView = z
  .object({
    token: z.string().meta({ example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }),
    type: z.enum(['card', 'bank']),
    mask: z.string().meta({ description: 'BIN and last 4 for cards (`424242******4242`), last 4 for bank accounts.', example: '424242******4242' }),
    bin: z.string().nullable().meta({ description: 'First 6 digits (cards only); null for bank accounts and where the mask hides them (card numbers under 14 digits).' }),
    last4: z.string(),
    brand: z.string().nullable().meta({ description: `${TOKEN_BRANDS.join(', ')}, or null (cards only).` }),
    fingerprint: z.string().meta({ description: 'Keyed HMAC of the card or account number, stable within a project.' }),
    test_mode: z.boolean(),
    project_id: z.string(),
    application_id: z.string().nullable().meta({ description: 'The application whose API key created the token; null for test tokens made from the dashboard.' }),
    created_by: z
      .union([
        z.object({ type: z.literal('application'), id: z.string(), name: z.string().nullable().meta({ description: 'Null once the application was deleted.' }) }),
        z.object({ type: z.literal('user'), id: z.string(), email: z.string().nullable().meta({ description: 'Null once the user was removed.' }) }),
      ])
      .nullable()
      .meta({
        description: 'Who created the token: the application whose API key did (also for hybrid calls), or, for test tokens made from the dashboard, the signed-in user (from the creation\'s audit row); null when neither is known.',
      }),
    created_at: z.iso.datetime(),
    token_format: z.enum(TOKEN_FORMATS).meta({ description: 'The format the token value was made in (POST /tokenize `token_format`).' }),
    metadata: z.record(z.string(), z.string()).meta({ description: 'The token\'s metadata (`{}` when none); decrypted for the caller, never written to the audit log or events.' }),
    expires_at: z.iso.datetime().nullable().meta({ description: 'When the token expires (its own expiry); null: no expiry of its own. The project\'s `token_retention_days` may expire it earlier, counted from `last_used_at`.' }),
    last_used_at: z.iso.datetime().meta({ description: 'Its last tokenize, detokenize or proxy use, recorded to the hour.' }),
    status: z.enum(['active', 'expired', 'deleted']).meta({ description: '`expired` once `expires_at` passed or the project\'s retention lapsed (its card data is destroyed within a minute); `deleted` once deleted (its card data destroyed at once; only searches with `status: deleted` show these).' }),
  })
  .meta({ id: 'TokenView', description: 'Display-safe fields and the token\'s metadata; never the card or bank data.' });
