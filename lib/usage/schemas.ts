// GET /api/usage: its query (messages name the field and the rule; unknown parameters are refused) and its
// answer, calls per UTC day by category.
import { z } from 'zod';
import { isoDateOrDateTimeField, required } from '../core/query-fields';

export const USAGE_CATEGORIES = ['tokenize', 'proxy', 'detokenize', 'test_tokens'] as const;
export type UsageCategory = (typeof USAGE_CATEGORIES)[number];
/** The audit action of each category's calls. */
export const USAGE_ACTIONS: Record<UsageCategory, string> = {
  tokenize: 'tokenize',
  proxy: 'proxy.transaction',
  detokenize: 'detokenize',
  test_tokens: 'test_token.create',
};
export const USAGE_DEFAULT_DAYS = 30;
export const USAGE_MAX_DAYS = 366;

/** An ISO 8601 date or date-time with offset, read as the UTC day it falls on (`YYYY-MM-DD`). */
const utcDayField = (name: string) => isoDateOrDateTimeField(name, ({ at }) => at.toISOString().slice(0, 10));

export const ZUsageQuerySchema = z.strictObject({
  project_id: z.uuid({ error: required('project_id', 'a UUID') }),
  application_id: z.uuid({ error: required('application_id', 'a UUID') }).optional().meta({ description: 'Only the calls made with this application\'s API key (it must belong to the project).' }),
  from: utcDayField('from')
    .optional()
    .meta({ description: `First day (UTC), inclusive: an ISO 8601 date, or a date-time with offset (its UTC day). Default: ${USAGE_DEFAULT_DAYS - 1} days before \`to\`.` }),
  to: utcDayField('to').optional().meta({ description: 'Last day (UTC), inclusive: an ISO 8601 date, or a date-time with offset (its UTC day). Default: today (UTC).' }),
  interval: z.enum(['day'], { error: required('interval', 'day') }).default('day').meta({ description: 'Bucket size; only `day` (UTC days).' }),
});
export type TUsageQuery = z.infer<typeof ZUsageQuerySchema>;

// Responses
const ZCallCounts = z
  .object({
    success: z.number().int().meta({ description: 'Calls that succeeded.' }),
    failure: z.number().int().meta({ description: 'Calls that failed (refused, invalid, or failed downstream).' }),
  })
  .meta({ id: 'UsageCallCounts' });

const categoryCounts = Object.fromEntries(USAGE_CATEGORIES.map((category) => [category, ZCallCounts])) as Record<UsageCategory, typeof ZCallCounts>;

export const ZUsageView = z
  .object({
    project_id: z.string(),
    application_id: z.string().nullable().meta({ description: 'The application the counts are limited to; null for the whole project.' }),
    from: z.iso.date(),
    to: z.iso.date(),
    interval: z.literal('day'),
    days: z
      .array(z.object({ date: z.iso.date(), ...categoryCounts }).meta({ id: 'UsageDay' }))
      .meta({ description: 'Every UTC day from `from` to `to`, oldest first; days without calls are zeros.' }),
    totals: z.object(categoryCounts).meta({ id: 'UsageTotals' }),
  })
  .meta({ id: 'Usage' });
export type TUsageView = z.output<typeof ZUsageView>;
