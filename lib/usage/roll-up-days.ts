// Closed days of usage, counted once. Audit rows are append-only and stamped with the time they are written,
// so once a UTC day has ended (with an hour's margin for a call still finishing at midnight) its counts never
// change: the first read of such a day counts it from audit_logs into usage_days (per application and
// action) and marks it in usage_rollups, in one transaction; every later read takes the counts from there.
// Two readers counting the same day at once write the same rows: the second's inserts do nothing.
import type { Database } from '../db/connect';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day counts as closed this long after it ended. */
export const CLOSE_MARGIN_MS = 60 * 60 * 1000;

/** The first UTC day that is still open at `now` (`YYYY-MM-DD`): every day before it is closed. */
export function firstOpenDay(now: Date): string {
  return new Date(now.getTime() - CLOSE_MARGIN_MS).toISOString().slice(0, 10);
}

/** The `count` closed UTC days before the first open one at `now`, oldest first. */
export function lastClosedDays(now: Date, count: number): string[] {
  const firstOpen = Date.parse(`${firstOpenDay(now)}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, index) => new Date(firstOpen - (count - index) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Counts the given closed days of the project that are not counted yet, one day per transaction: each
 * statement reads one day's rows (index (project_id, created_at)), so a first read after months of calls
 * never runs one statement over DATABASE_QUERY_TIMEOUT_MS, and a day counted stays counted if a later one fails.
 */
export async function rollUpClosedDays(runtime: { db: Pick<Database, 'sql'> }, options: { projectId: string; days: string[]; actions: string[]; proxyAction: string }): Promise<void> {
  if (options.days.length === 0) return;
  const { sql } = runtime.db;
  const counted = await sql.query<{ day: string }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM usage_rollups WHERE project_id = $1::uuid AND day = ANY($2::date[])",
    [options.projectId, options.days],
  );
  const done = new Set(counted.map((row) => row.day));
  for (const day of options.days) {
    if (done.has(day)) continue;
    const start = new Date(`${day}T00:00:00.000Z`);
    const end = new Date(start.getTime() + DAY_MS);
    await sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO usage_days (project_id, application_key, day, action, success_rows, failure_rows, after_read_failures)
         SELECT project_id, coalesce(application_id::text, ''), $4::date, action,
           count(*) FILTER (WHERE outcome = 'success'), count(*) FILTER (WHERE outcome = 'failure'),
           count(*) FILTER (WHERE outcome = 'failure' AND action = $6 AND token_id IS NOT NULL)
         FROM audit_logs
         WHERE project_id = $1::uuid AND created_at >= $2::timestamptz AND created_at < $3::timestamptz AND action = ANY($5::text[])
         GROUP BY 1, 2, 3, 4
         ON CONFLICT DO NOTHING`,
        [options.projectId, start, end, day, options.actions, options.proxyAction],
        'vault_usage_roll_up_day',
      );
      await tx.query('INSERT INTO usage_rollups (project_id, day) VALUES ($1::uuid, $2::date) ON CONFLICT DO NOTHING', [options.projectId, day], 'vault_usage_rollup_mark');
    });
  }
}
