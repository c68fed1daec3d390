// Calls per UTC day of one project (optionally one of its applications), counted from the audit log: closed
// days once, into usage_days (roll-up-days.ts), the open ones live by an aggregate over audit_logs (index
// (project_id, created_at)) grouped by day and action, no per-call grouping. Each call writes one row,
// except a proxy call that fails after reading its token: it writes a
// success row (with the token read) and then a failure row, and counts once, as a failure. Only those
// failure rows carry the token id (a call refused before its token was read has none), so a proxy day's
// successes are its success rows minus its failure rows with a token id. (A call whose two rows fall on
// either side of midnight UTC is a success on the first day and a failure on the next; the next day's
// successes are never shown below zero.) Every day of the range is present, zeros included. Shared by
// GET /api/usage and the dashboard.
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import { applicationNotFound } from '../applications/get-application-or-throw';
import { Prisma } from '../db/generated/client';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { firstOpenDay, rollUpClosedDays } from './roll-up-days';
import { USAGE_CATEGORIES, USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS, type TUsageView, type UsageCategory } from './schemas';

/** The audit action of each category's calls. */
export const USAGE_ACTIONS: Record<UsageCategory, string> = {
  tokenize: 'tokenize',
  proxy: 'proxy.transaction',
  detokenize: 'detokenize',
  test_tokens: 'test_token.create',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

export type UsageRange = { from: string; to: string; days: string[] };

/**
 * The UTC days from `from` to `to` inclusive (`YYYY-MM-DD`). Defaults: `to` today, `from` 29 days before
 * `to`. A 400 naming the field when `to` is before `from` or the range is longer than 366 days.
 */
export function usageRange(options: { from?: string; to?: string; now?: Date }): UsageRange {
  const to = options.to ?? dayOf(options.now ?? new Date());
  const from = options.from ?? dayOf(new Date(startOf(to).getTime() - (USAGE_DEFAULT_DAYS - 1) * DAY_MS));
  const count = Math.round((startOf(to).getTime() - startOf(from).getTime()) / DAY_MS) + 1;
  if (count < 1) {
    throw VaultError.validation([options.to ? { path: 'to', message: 'to must not be before from' } : { path: 'from', message: 'from must not be after today (UTC) when to is not given' }]);
  }
  if (count > USAGE_MAX_DAYS) throw VaultError.validation([{ path: 'from', message: `from must be at most ${USAGE_MAX_DAYS} days before to (inclusive)` }]);
  const days = Array.from({ length: count }, (_, index) => dayOf(new Date(startOf(from).getTime() + index * DAY_MS)));
  return { from, to, days };
}

/** Counts the project's closed `days` not counted yet into usage_days, with the usage actions. */
export function rollUpUsageDays(runtime: { db: Pick<Runtime['db'], 'sql'> }, projectId: string, days: string[]): Promise<void> {
  return rollUpClosedDays(runtime, { projectId, days, actions: Object.values(USAGE_ACTIONS), proxyAction: USAGE_ACTIONS.proxy });
}

/**
 * Counts the range's closed days (rollUpUsageDays); returns the first day still counted live (`openFrom`)
 * and where the live count starts.
 */
export async function countClosedDays(runtime: Pick<Runtime, 'db'>, projectId: string, range: UsageRange): Promise<{ openFrom: string; liveStart: Date }> {
  const openFrom = firstOpenDay(new Date());
  await rollUpUsageDays(runtime, projectId, range.days.filter((day) => day < openFrom));
  return { openFrom, liveStart: startOf(range.from > openFrom ? range.from : openFrom) };
}

type UsageRow = { day: string; category: UsageCategory; success: number; failure: number };

const zeros = () => Object.fromEntries(USAGE_CATEGORIES.map((category) => [category, { success: 0, failure: 0 }])) as TUsageView['totals'];

export type GetUsageOptions = {
  accountId: string;
  projectId: string;
  applicationId?: string;
  /** First UTC day (`YYYY-MM-DD`), inclusive; default 29 days before `to`. */
  from?: string;
  /** Last UTC day (`YYYY-MM-DD`), inclusive; default today (UTC). */
  to?: string;
  now?: Date;
};

export async function getUsage(runtime: Pick<Runtime, 'db'>, options: GetUsageOptions): Promise<TUsageView> {
  const range = usageRange(options);
  // Another account's project or application is a 404, as everywhere else.
  await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  const { prisma } = runtime.db;
  if (options.applicationId) {
    const application = await prisma.application.findFirst({ where: { id: options.applicationId, projectId: options.projectId }, select: { id: true } });
    if (!application) throw applicationNotFound();
  }
  // Closed days come from usage_days (counted once, lib/usage/roll-up-days.ts); the open ones (today, and
  // yesterday during the first hour) are counted live from audit_logs.
  const { openFrom, liveStart } = await countClosedDays(runtime, options.projectId, range);
  const actions = Object.values(USAGE_ACTIONS);
  const end = new Date(startOf(range.to).getTime() + DAY_MS);
  const categoryOf = Prisma.join(
    USAGE_CATEGORIES.map((category) => Prisma.sql`WHEN ${USAGE_ACTIONS[category]} THEN ${category}`),
    ' ',
  );
  const rows = await prisma.$queryRaw<UsageRow[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, (CASE action ${categoryOf} END)::text AS category,
      greatest(sum(success_rows) - sum(after_read_failures), 0)::int AS success, sum(failure_rows)::int AS failure
    FROM (
      SELECT day, action, success_rows, failure_rows, after_read_failures
      FROM usage_days
      WHERE project_id = ${options.projectId}::uuid AND day >= ${range.from}::date AND day <= ${range.to}::date AND day < ${openFrom}::date
        ${options.applicationId ? Prisma.sql`AND application_key = ${options.applicationId}` : Prisma.empty}
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, action,
        count(*) FILTER (WHERE outcome = 'success') AS success_rows,
        count(*) FILTER (WHERE outcome = 'failure') AS failure_rows,
        count(*) FILTER (WHERE outcome = 'failure' AND action = ${USAGE_ACTIONS.proxy} AND token_id IS NOT NULL) AS after_read_failures
      FROM audit_logs
      WHERE project_id = ${options.projectId}::uuid
        AND created_at >= ${liveStart}::timestamptz AND created_at < ${end}::timestamptz
        AND action IN (${Prisma.join(actions)})
        ${options.applicationId ? Prisma.sql`AND application_id = ${options.applicationId}::uuid` : Prisma.empty}
      GROUP BY 1, 2
    ) per_day
    GROUP BY day, action`;
  const byDay = new Map(range.days.map((day) => [day, zeros()]));
  const totals = zeros();
  for (const row of rows) {
    const counts = byDay.get(row.day)?.[row.category];
    if (!counts) continue;
    counts.success += row.success;
    counts.failure += row.failure;
    totals[row.category].success += row.success;
    totals[row.category].failure += row.failure;
  }
  return {
    project_id: options.projectId,
    application_id: options.applicationId ?? null,
    from: range.from,
    to: range.to,
    interval: 'day',
    days: range.days.map((date) => ({ date, ...byDay.get(date)! })),
    totals,
  };
}
