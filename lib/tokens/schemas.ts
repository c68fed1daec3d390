// Query schema of GET /api/tokens. Messages name the field and the rule; unknown parameters are refused
// (a misspelt filter must not quietly widen the listing to every token).
import { z } from 'zod';
import { decodeCursor, type TokenCursor } from './cursor';

export const TOKEN_LIST_DEFAULT_LIMIT = 25;
export const TOKEN_LIST_MAX_LIMIT = 100;
export const TOKEN_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'maestro'] as const;

const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const required = (name: string, kind: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${kind}`;

/**
 * An ISO 8601 date (`2026-01-31`, a whole UTC day) or date-time with an offset. Parsed to the range it
 * covers: `from` is its first millisecond, `to` the first millisecond after it (created_at is stored
 * with millisecond precision), so `created_to` is inclusive either way.
 */
const isoBoundField = (name: string) =>
  z.string({ error: required(name, 'a string') }).transform((value, ctx) => {
    const dateOnly = DATE_ONLY.test(value);
    const parsed = dateOnly || DATE_TIME.test(value) ? new Date(dateOnly ? `${value}T00:00:00.000Z` : value) : null;
    if (!parsed || Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be an ISO 8601 date or date-time with offset` });
      return z.NEVER;
    }
    return { from: parsed, to: new Date(parsed.getTime() + (dateOnly ? DAY_MS : 1)) };
  });

export const ZListTokensQuerySchema = z
  .strictObject({
    project_id: z.uuid({ error: required('project_id', 'a UUID') }).optional(),
    type: z.enum(['card', 'bank'], { error: required('type', 'card or bank') }).optional(),
    last4: z.string({ error: required('last4', '4 digits') }).regex(/^\d{4}$/, 'last4 must be 4 digits').optional(),
    brand: z.enum(TOKEN_BRANDS, { error: required('brand', `one of ${TOKEN_BRANDS.join(', ')}`) }).optional(),
    created_from: isoBoundField('created_from').optional(),
    created_to: isoBoundField('created_to').optional(),
    limit: z
      .string({ error: required('limit', `an integer from 1 to ${TOKEN_LIST_MAX_LIMIT}`) })
      .regex(/^\d{1,3}$/, `limit must be an integer from 1 to ${TOKEN_LIST_MAX_LIMIT}`)
      .transform(Number)
      .pipe(z.number().min(1, `limit must be an integer from 1 to ${TOKEN_LIST_MAX_LIMIT}`).max(TOKEN_LIST_MAX_LIMIT, `limit must be an integer from 1 to ${TOKEN_LIST_MAX_LIMIT}`))
      .default(TOKEN_LIST_DEFAULT_LIMIT),
    cursor: z
      .string({ error: required('cursor', 'a string') })
      .transform((value, ctx): TokenCursor => {
        const decoded = decodeCursor(value);
        if (!decoded) {
          ctx.addIssue({ code: 'custom', message: 'cursor is not a cursor this API issued' });
          return z.NEVER;
        }
        return decoded;
      })
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.created_from && query.created_to && query.created_from.from >= query.created_to.to) {
      ctx.addIssue({ code: 'custom', path: ['created_to'], message: 'created_to must not be before created_from' });
    }
  });
export type TListTokensQuery = z.infer<typeof ZListTokensQuerySchema>;
