// The background half of the usage roll-up (lib/runtime/event-jobs.ts runs it hourly): every project's
// closed days of the default usage range counted into usage_days, so the first /api/usage read or
// Applications page after a busy month does not pay for counting it.
import type { Database } from '../db/connect';
import { USAGE_ACTIONS } from './get-usage';
import { firstOpenDay, rollUpClosedDays } from './roll-up-days';
import { USAGE_DEFAULT_DAYS } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `count` closed UTC days before the first open one at `now`, oldest first. */
export function lastClosedDays(now: Date, count: number): string[] {
  const firstOpen = Date.parse(`${firstOpenDay(now)}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, index) => new Date(firstOpen - (count - index) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Rolls up each project's last USAGE_DEFAULT_DAYS closed days; returns how many projects were read. A
 * stopping process (`signal`) ends it between projects: the days done stay counted.
 */
export async function rollUpAllProjects(runtime: { db: Pick<Database, 'sql'> }, options: { now?: Date; signal?: AbortSignal } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const projects = await runtime.db.sql.query<{ id: string }>('SELECT id::text AS id FROM projects ORDER BY id');
  const days = lastClosedDays(now, USAGE_DEFAULT_DAYS);
  const actions = Object.values(USAGE_ACTIONS);
  for (const project of projects) {
    options.signal?.throwIfAborted();
    await rollUpClosedDays(runtime, { projectId: project.id, days, actions, proxyAction: USAGE_ACTIONS.proxy });
  }
  return projects.length;
}
