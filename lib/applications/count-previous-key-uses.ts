// The previous key's uses of applications in a rotation's grace period: their audit rows with `resource`
// `api_key:previous` since the rotation. One grouped query for any number of applications (a listing), on
// the audit log's (project_id, created_at) index; applications without a running grace period are not
// counted at all (their view says null).
import { PREVIOUS_KEY_RESOURCE } from '../api-keys/principal';
import type { Runtime } from '../runtime/types';
import { graceActive, type ApplicationRow, type ApplicationViewRow } from './present-application';

const COUNT_USES = `
  SELECT a.id, count(l.id)::int AS uses
  FROM applications a
  JOIN audit_logs l
    ON l.project_id = a.project_id
   AND l.created_at >= COALESCE(a.key_rotated_at, a.created_at)
   AND l.application_id = a.id
   AND l.resource = $2::text
  WHERE a.id = ANY($1::uuid[])
  GROUP BY a.id`;

export async function withPreviousKeyUses<Row extends ApplicationRow>(runtime: Pick<Runtime, 'db'>, rows: Row[]): Promise<(Row & ApplicationViewRow)[]> {
  const now = Date.now();
  const inGrace = rows.filter((row) => graceActive(row, now)).map((row) => row.id);
  const uses = new Map<string, number>();
  if (inGrace.length > 0) {
    const counted = await runtime.db.sql.query<{ id: string; uses: number }>(COUNT_USES, [inGrace, PREVIOUS_KEY_RESOURCE]);
    for (const row of counted) uses.set(row.id, Number(row.uses));
  }
  return rows.map((row) => ({ ...row, previousKeyUses: inGrace.includes(row.id) ? (uses.get(row.id) ?? 0) : null }));
}
