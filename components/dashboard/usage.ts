// Reading a usage answer (lib/usage getUsage, as GET /api/usage answers) for the dashboard's charts:
// every category's calls of a day, success and failure together.
import { USAGE_CATEGORIES, type TUsageView } from '../../lib/usage/schemas';

export type UsageDay = TUsageView['days'][number];

/** All calls of one day (every category, success and failure). */
export function callsOfDay(day: UsageDay): number {
  return USAGE_CATEGORIES.reduce((sum, category) => sum + day[category].success + day[category].failure, 0);
}

/** The failed calls of one day (every category). */
export function failuresOfDay(day: UsageDay): number {
  return USAGE_CATEGORIES.reduce((sum, category) => sum + day[category].failure, 0);
}
