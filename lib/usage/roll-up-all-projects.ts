// The background half of the usage roll-up (lib/runtime/event-jobs.ts runs it hourly): every project's
// closed days of the default usage range counted into usage_days, so the first /api/usage read or
// Applications page after a busy month does not pay for counting it. Only days before the sealer's counts
// began (audit_day_counts_start): once the range is past them, it has nothing to do.
import type { Database } from '../db/connect';
import { auditDayCountsFrom } from '../audit/audit-day-counts';
import { rollUpUsageDays } from './read-usage-rows';
import { lastClosedDays } from './roll-up-days';
import { USAGE_DEFAULT_DAYS } from './schemas';

/**
 * Rolls up each project's last USAGE_DEFAULT_DAYS closed days; returns how many projects were read (0 when
 * none of those days needs it). A stopping process (`signal`) ends it between projects: the days done stay
 * counted.
 */
export async function rollUpAllProjects(runtime: { db: Pick<Database, 'sql'> }, options: { now?: Date; signal?: AbortSignal } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const projects = await runtime.db.sql.query<{ id: string }>('SELECT id::text AS id FROM projects ORDER BY id');
  // Days the sealer counts whole (audit_day_counts) need no roll-up.
  const countedFrom = await auditDayCountsFrom(runtime.db.sql);
  const days = lastClosedDays(now, USAGE_DEFAULT_DAYS).filter((day) => day < countedFrom);
  if (days.length === 0) return 0;
  for (const project of projects) {
    options.signal?.throwIfAborted();
    await rollUpUsageDays(runtime, project.id, days);
  }
  return projects.length;
}
