// The usage counts of one project over a range of UTC days, per application, day and action, from where each
// day is counted (issue 23: 30 days in ≤ 100 ms at 20 million audit rows):
// - days from `complete_from` on: the sealer's counts (audit_day_counts, lib/audit/audit-day-counts.ts) plus
//   the rows not sealed yet, read by `seq` in the same snapshot, so no row is counted twice or missed
//   while a seal commits;
// - earlier days (the rows sealed before those counts existed): closed days once into usage_days
//   (roll-up-days.ts), the open ones (only the day the counts began) live from audit_logs.
// Shared by GET /api/usage, the dashboard's Overview and its Applications page.
import type { Runtime } from '../runtime/types';
import { auditDayCountsFrom } from '../audit/audit-day-counts';
import { firstOpenDay, rollUpClosedDays } from './roll-up-days';
import { USAGE_ACTIONS } from './schemas';

/** One application's (`''`: calls without one) counts of one action on one day. */
export type UsageCountRow = { application_key: string; day: string; action: string; success_rows: number; failure_rows: number; after_read_failures: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(startOf(day).getTime() + DAY_MS);
const ACTIONS = Object.values(USAGE_ACTIONS);

/** The select list and source of audit rows counted live, as usage_days holds them; `proxyAction` is the parameter naming the proxy action. */
const liveCounts = (proxyAction: string) => `coalesce(application_id::text, ''), to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), action,
  (count(*) FILTER (WHERE outcome = 'success'))::int, (count(*) FILTER (WHERE outcome = 'failure'))::int,
  (count(*) FILTER (WHERE outcome = 'failure' AND action = ${proxyAction} AND token_id IS NOT NULL))::int
  FROM audit_logs`;

/** The counts of `days` (consecutive, oldest first) of a project, optionally of one application only. */
export async function readUsageRows(runtime: Pick<Runtime, 'db'>, options: { projectId: string; days: string[]; applicationId?: string }): Promise<UsageCountRow[]> {
  const { days } = options;
  if (days.length === 0) return [];
  const countedFrom = await auditDayCountsFrom(runtime.db.sql);
  const from = days[0]!;
  const to = days.at(-1)!;
  const [before, counted] = await Promise.all([
    from < countedFrom ? readRolledUpDays(runtime, { ...options, days: days.filter((day) => day < countedFrom) }) : [],
    to >= countedFrom ? readCountedDays(runtime, { ...options, from: from > countedFrom ? from : countedFrom, to }) : [],
  ]);
  return [...before, ...counted];
}

/** Closed days are rolled up into usage_days first (once each), the open ones counted live. */
async function readRolledUpDays(runtime: Pick<Runtime, 'db'>, options: { projectId: string; days: string[]; applicationId?: string }): Promise<UsageCountRow[]> {
  const openFrom = firstOpenDay(new Date());
  await rollUpUsageDays(runtime, options.projectId, options.days.filter((day) => day < openFrom));
  const from = options.days[0]!;
  const to = options.days.at(-1)!;
  const liveStart = startOf(from > openFrom ? from : openFrom);
  return runtime.db.sql.query<UsageCountRow>(
    `SELECT application_key, to_char(day, 'YYYY-MM-DD') AS day, action,
       success_rows::int, failure_rows::int, after_read_failures::int
     FROM usage_days
     WHERE project_id = $1::uuid AND day >= $2::date AND day <= $3::date AND day < $4::date
       AND ($5::text IS NULL OR application_key = $5::text)
     UNION ALL
     SELECT ${liveCounts('$8')}
     WHERE project_id = $1::uuid AND created_at >= $6::timestamptz AND created_at < $7::timestamptz AND action = ANY($9::text[])
       AND ($5::text IS NULL OR application_id = $5::text::uuid)
     GROUP BY 1, 2, 3`,
    [options.projectId, from, to, openFrom, options.applicationId ?? null, liveStart, nextDay(to), USAGE_ACTIONS.proxy, ACTIONS],
  );
}

/**
 * The sealer's counts of the days plus the rows it has not sealed yet, in one snapshot (REPEATABLE READ):
 * a seal committing between the two reads would otherwise count its rows twice.
 */
function readCountedDays(runtime: Pick<Runtime, 'db'>, options: { projectId: string; from: string; to: string; applicationId?: string }): Promise<UsageCountRow[]> {
  return runtime.db.sql.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const [head] = await tx.query<{ last_seq: string }>('SELECT last_seq::text FROM audit_seals ORDER BY seal_index DESC LIMIT 1', [], 'vault_usage_sealed_up_to');
    // Unnamed: planned with the sealed seq each time, so the unsealed rows are found through the seq index.
    return tx.query<UsageCountRow>(
      `SELECT application_key, to_char(day, 'YYYY-MM-DD') AS day, action,
         success_rows::int, failure_rows::int, (CASE WHEN action = $7 THEN failures_with_token ELSE 0 END)::int AS after_read_failures
       FROM audit_day_counts
       WHERE project_id = $1::uuid AND day >= $2::date AND day <= $3::date AND action = ANY($8::text[])
         AND ($4::text IS NULL OR application_key = $4::text)
       UNION ALL
       SELECT ${liveCounts('$7')}
       WHERE seq > $5::bigint AND project_id = $1::uuid AND created_at >= $9::timestamptz AND created_at < $6::timestamptz
         AND action = ANY($8::text[]) AND ($4::text IS NULL OR application_id = $4::text::uuid)
       GROUP BY 1, 2, 3`,
      [options.projectId, options.from, options.to, options.applicationId ?? null, head?.last_seq ?? '0', nextDay(options.to), USAGE_ACTIONS.proxy, ACTIONS, startOf(options.from)],
    );
  });
}

/** Counts the project's closed `days` not counted yet into usage_days, with the usage actions. */
export function rollUpUsageDays(runtime: { db: Pick<Runtime['db'], 'sql'> }, projectId: string, days: string[]): Promise<void> {
  return rollUpClosedDays(runtime, { projectId, days, actions: ACTIONS, proxyAction: USAGE_ACTIONS.proxy });
}
