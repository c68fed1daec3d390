// A project's exports, newest first (a project of another account is a 404), their expiry settled first.
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { Runtime } from '../runtime/types';
import { EXPORT_COLUMNS, type ExportRow } from './export-row';
import { expireExports } from './expire-exports';

/** At most this many, the newest: a project makes few exports (one in flight at a time). */
export const LIST_EXPORTS_LIMIT = 100;

export async function listExports(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; projectId: string; now?: Date },
): Promise<ExportRow[]> {
  await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  await expireExports(runtime, { projectId: options.projectId, now: options.now });
  return runtime.db.sql.query<ExportRow>(
    `SELECT ${EXPORT_COLUMNS} FROM exports e WHERE e.project_id = $1::uuid ORDER BY e.created_at DESC, e.id DESC LIMIT ${LIST_EXPORTS_LIMIT}`,
    [options.projectId],
  );
}
