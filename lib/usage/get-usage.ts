// Calls per UTC day of one project (optionally one of its applications), counted from the audit log
// (read-usage-rows.ts says where each day's counts come from). Each call writes one row, except a proxy call
// that fails after reading its token: it writes a success row (with the token read) and then a failure
// row, and counts once, as a failure. Only those failure rows carry the token id (a call refused before its
// token was read has none), so a proxy day's successes are its success rows minus its failure rows with a
// token id. (A call whose two rows fall on either side of midnight UTC is a success on the first day and a
// failure on the next; the next day's successes are never shown below zero.) Every day of the range is
// present, zeros included. Shared by GET /api/usage and the dashboard.
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import { applicationNotFound } from '../applications/get-application-or-throw';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { readUsageRows } from './read-usage-rows';
import { USAGE_ACTIONS, USAGE_CATEGORIES, USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS, type TUsageView, type UsageCategory } from './schemas';

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

const categoryOfAction = new Map(USAGE_CATEGORIES.map((category) => [USAGE_ACTIONS[category], category]));

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
  if (options.applicationId) {
    const application = await runtime.db.prisma.application.findFirst({ where: { id: options.applicationId, projectId: options.projectId }, select: { id: true } });
    if (!application) throw applicationNotFound();
  }
  const rows = await readUsageRows(runtime, { projectId: options.projectId, days: range.days, applicationId: options.applicationId });
  // Summed over the applications per day and action first: a proxy day's successes net of its failures after
  // a token read are never below zero.
  const perDayAction = new Map<string, { day: string; category: UsageCategory; success: number; failure: number }>();
  for (const row of rows) {
    const category = categoryOfAction.get(row.action);
    if (!category) continue;
    const key = `${row.day} ${row.action}`;
    const sum = perDayAction.get(key) ?? { day: row.day, category, success: 0, failure: 0 };
    sum.success += row.success_rows - row.after_read_failures;
    sum.failure += row.failure_rows;
    perDayAction.set(key, sum);
  }
  const byDay = new Map(range.days.map((day) => [day, zeros()]));
  const totals = zeros();
  for (const { day, category, success, failure } of perDayAction.values()) {
    const counts = byDay.get(day)?.[category];
    if (!counts) continue;
    counts.success += Math.max(success, 0);
    counts.failure += failure;
    totals[category].success += Math.max(success, 0);
    totals[category].failure += failure;
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
