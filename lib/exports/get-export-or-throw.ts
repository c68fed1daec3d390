// One export of the caller's account (another account's is a 404, like one that does not exist), its
// expiry settled first so the state read is current.
import { isUuid } from '../core/uuid';
import type { Runtime } from '../runtime/types';
import { exportNotFound } from './export-errors';
import { EXPORT_COLUMNS, type ExportRow } from './export-row';
import { expireExports } from './expire-exports';

export async function getExportOrThrow(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string | null; exportId: string; now?: Date },
): Promise<ExportRow & { account_id: string }> {
  if (!isUuid(options.exportId)) throw exportNotFound();
  await expireExports(runtime, { exportId: options.exportId, now: options.now });
  const [row] = await runtime.db.sql.query<ExportRow & { account_id: string }>(
    `SELECT ${EXPORT_COLUMNS}, p.account_id FROM exports e JOIN projects p ON p.id = e.project_id
     WHERE e.id = $1::uuid AND ($2::uuid IS NULL OR p.account_id = $2::uuid)`,
    [options.exportId, options.accountId],
  );
  if (!row) throw exportNotFound();
  return row;
}
