// Every application's calls per UTC day in a project, for the dashboard's sparklines: one grouped query for
// the whole list (not one usage query per application), counted as getUsage counts them: closed days from
// usage_days (counted once, roll-up-days.ts), open ones live from audit_logs, and a proxy call that fails
// after its token read (two rows) counts once.
import type { Runtime } from '../runtime/types';
import { countClosedDays, USAGE_ACTIONS, usageRange } from './get-usage';
import { Prisma } from '../db/generated/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Application id → calls of each day of the range (default the last 30 days), oldest first. */
export async function getApplicationsCallsPerDay(runtime: Pick<Runtime, 'db'>, options: { projectId: string; applicationIds: string[]; from?: string; to?: string; now?: Date }): Promise<Map<string, number[]>> {
  const range = usageRange(options);
  const result = new Map(options.applicationIds.map((id) => [id, range.days.map(() => 0)]));
  if (options.applicationIds.length === 0) return result;
  const { openFrom, liveStart } = await countClosedDays(runtime, options.projectId, range);
  const end = new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + DAY_MS);
  const rows = await runtime.db.prisma.$queryRaw<Array<{ application_id: string; day: string; calls: number }>>`
    SELECT application_key AS application_id, to_char(day, 'YYYY-MM-DD') AS day,
      sum(greatest(success_rows - after_read_failures, 0) + failure_rows)::int AS calls
    FROM (
      SELECT application_key, day, action, sum(success_rows) AS success_rows, sum(failure_rows) AS failure_rows, sum(after_read_failures) AS after_read_failures
      FROM (
        SELECT application_key, day, action, success_rows, failure_rows, after_read_failures
        FROM usage_days
        WHERE project_id = ${options.projectId}::uuid AND day >= ${range.from}::date AND day <= ${range.to}::date AND day < ${openFrom}::date
          AND application_key <> ''
        UNION ALL
        SELECT application_id::text, (created_at AT TIME ZONE 'UTC')::date, action,
          count(*) FILTER (WHERE outcome = 'success'), count(*) FILTER (WHERE outcome = 'failure'),
          count(*) FILTER (WHERE outcome = 'failure' AND action = ${USAGE_ACTIONS.proxy} AND token_id IS NOT NULL)
        FROM audit_logs
        WHERE project_id = ${options.projectId}::uuid
          AND created_at >= ${liveStart}::timestamptz AND created_at < ${end}::timestamptz
          AND action IN (${Prisma.join(Object.values(USAGE_ACTIONS))})
          AND application_id IS NOT NULL
        GROUP BY 1, 2, 3
      ) counted
      GROUP BY 1, 2, 3
    ) per_action
    GROUP BY 1, 2`;
  const dayIndex = new Map(range.days.map((day, index) => [day, index]));
  for (const row of rows) {
    const days = result.get(row.application_id);
    const index = dayIndex.get(row.day);
    if (days && index !== undefined) days[index] = row.calls;
  }
  return result;
}
