// Query-string fields shared by the list and report routes: messages that name the field and the rule,
// ISO 8601 dates, a page size documented as the integer it is, and an opaque (created_at, id) cursor that
// is a 400 naming `cursor` when this API did not issue it (never a silent first page).
import { z } from 'zod';
import { decodeCursor, type PageCursor } from './cursor';
import { writtenDateTimeExists } from './date-time';

/** The message of a field that is missing (`x is required`) or of the wrong kind (`x must be …`). */
export const required = (name: string, kind: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${kind}`;

const DATE_ONLY = /^\d{4}-\d\d-\d\d$/;
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/;

/** An ISO 8601 date (`2026-01-31`, read as that UTC day's first millisecond) or date-time with an offset; null otherwise. */
export function parseIsoDateOrDateTime(value: string): { at: Date; dateOnly: boolean } | null {
  const dateOnly = DATE_ONLY.test(value);
  const parsed = (dateOnly || DATE_TIME.test(value)) && writtenDateTimeExists(value) ? new Date(dateOnly ? `${value}T00:00:00.000Z` : value) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) return null;
  return { at: parsed, dateOnly };
}

/** A query field holding an ISO 8601 date or date-time with offset (a 400 naming it otherwise), mapped by `map`. */
export const isoDateOrDateTimeField = <T>(name: string, map: (parsed: { at: Date; dateOnly: boolean }) => T) =>
  z.string({ error: required(name, 'a string') }).transform((value, ctx) => {
    const parsed = parseIsoDateOrDateTime(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: `${name} must be an ISO 8601 date or date-time with offset` });
      return z.NEVER;
    }
    return map(parsed);
  });

/** `limit`: digits only, 1 to `max`, `fallback` when absent. */
export const pageLimitField = (fallback: number, max: number) => {
  const rule = `limit must be an integer from 1 to ${max}`;
  return z
    .string({ error: required('limit', `an integer from 1 to ${max}`) })
    .regex(/^\d{1,3}$/, rule)
    .transform(Number)
    .pipe(z.number().min(1, rule).max(max, rule))
    .default(fallback)
    // Documented as the integer it is (parsed from the query string's digits), not as the text it arrives as.
    .meta({ type: 'integer', minimum: 1, maximum: max, default: fallback, description: `Page size, 1 to ${max}.` });
};

/** `cursor`: one this API issued for a row whose id passes `isId`. */
export const cursorField = (isId?: (id: string) => boolean) =>
  z.string({ error: required('cursor', 'a string') }).transform((value, ctx): PageCursor => {
    const decoded = decodeCursor(value, isId);
    if (!decoded) {
      ctx.addIssue({ code: 'custom', message: 'cursor is not a cursor this API issued' });
      return z.NEVER;
    }
    return decoded;
  });
