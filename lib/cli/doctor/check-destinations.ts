// Projects whose card data may go nowhere: production ones (and, with PROXY_REQUIRE_ALLOW_LIST, test ones)
// without allowed_proxy_hosts. Not a failure (nothing leaks), but their proxy, merchants and checkout
// charges are all refused until the list names a host, which after an upgrade may surprise.
import type { Database } from '../../db/connect';
import { needsAllowList } from '../../outbound/proxy-host-allow-list';
import { ok, skip, warn, type CheckResult } from './check-result';

export type ProjectDestinations = { id: string; name: string; environment: 'test' | 'production'; listed: boolean };

const NAME = 'destinations';
export const DESTINATIONS_FIX =
  'name each one\'s PSP hosts: dashboard Projects → Destinations, or PUT /api/projects/{id} with {"allowed_proxy_hosts": ["api.psp.example"]}';

export function describeDestinations(projects: ProjectDestinations[], requireAllowList: boolean): CheckResult {
  const blocked = projects.filter((project) => !project.listed && needsAllowList(project.environment, requireAllowList));
  if (blocked.length === 0) return ok(NAME, `every project that needs allowed_proxy_hosts has one (${projects.length} project(s))`);
  const named = blocked.map((project) => `"${project.name}" (${project.environment}, ${project.id})`).join(', ');
  return warn(NAME, `${blocked.length} project(s) send card data nowhere until allowed_proxy_hosts names a host: ${named}`, DESTINATIONS_FIX);
}

export async function checkDestinations(db: Database, requireAllowList: boolean): Promise<CheckResult> {
  // An unmigrated database has no projects yet (the migrations check reports that).
  const [table] = await db.sql.query<{ present: boolean }>("SELECT to_regclass('projects') IS NOT NULL AS present");
  if (!table?.present) return skip(NAME, 'needs the migrated database');
  const rows = await db.sql.query<{ id: string; name: string; environment: 'test' | 'production'; listed: boolean }>(
    'SELECT id, name, environment::text AS environment, allowed_proxy_hosts IS NOT NULL AS listed FROM projects ORDER BY created_at, id',
  );
  return describeDestinations(rows, requireAllowList);
}
