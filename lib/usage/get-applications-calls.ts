// Every application's calls per UTC day in a project, for the dashboard's sparklines: one read for the whole
// list (not one usage query per application), counted as getUsage counts them (read-usage-rows.ts), a proxy
// call that fails after its token read (two rows) counting once.
import type { Runtime } from '../runtime/types';
import { usageRange } from './get-usage';
import { readUsageRows } from './read-usage-rows';

/** Application id → calls of each day of the range (default the last 30 days), oldest first. */
export async function getApplicationsCallsPerDay(runtime: Pick<Runtime, 'db'>, options: { projectId: string; applicationIds: string[]; from?: string; to?: string; now?: Date }): Promise<Map<string, number[]>> {
  const range = usageRange(options);
  const result = new Map(options.applicationIds.map((id) => [id, range.days.map(() => 0)]));
  if (options.applicationIds.length === 0) return result;
  const dayIndex = new Map(range.days.map((day, index) => [day, index]));
  for (const row of await readUsageRows(runtime, { projectId: options.projectId, days: range.days })) {
    const days = result.get(row.application_key);
    const index = dayIndex.get(row.day);
    if (days && index !== undefined) days[index]! += Math.max(row.success_rows - row.after_read_failures, 0) + row.failure_rows;
  }
  return result;
}
