// Imports as the API and the dashboard read them (issue 26): one import of an account (another account's is
// 404, like one that does not exist), a project's imports newest first a page at a time, and cancel. The
// engine (./create-import.ts, ./run-import.ts) makes and runs them; this only reads and flags.
import { encodeCursor, type PageCursor } from '../core/cursor';
import { VaultError } from '../core/errors';
import { isUuid } from '../core/uuid';
import type { Runtime } from '../runtime/types';
import type { ImportView, TListImportsQuery } from './schemas';

type ImportRow = {
  id: string;
  project_id: string;
  status: ImportView['status'];
  format: ImportView['format'];
  rows_total: number | null;
  rows_done: number;
  rows_imported: number;
  rows_skipped: number;
  rows_failed: number;
  cancel_requested: boolean;
  error_code: string | null;
  error_message: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
};

const COLUMNS =
  'i.id, i.project_id, i.status::text AS status, i.format, i.rows_total, i.rows_done, i.rows_imported, i.rows_skipped, i.rows_failed, i.cancel_requested, i.error_code, i.error_message, i.started_at, i.finished_at, i.created_at';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function presentImport(row: ImportRow): ImportView {
  return {
    id: row.id,
    project_id: row.project_id,
    status: row.status,
    format: row.format,
    rows_total: row.rows_total,
    rows_done: row.rows_done,
    rows_imported: row.rows_imported,
    rows_skipped: row.rows_skipped,
    rows_failed: row.rows_failed,
    cancel_requested: row.cancel_requested,
    error: row.status === 'failed' && row.error_code ? { code: row.error_code, message: row.error_message ?? row.error_code } : null,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    created_at: iso(row.created_at)!,
  };
}

export const importNotFound = () => new VaultError('not_found', 'Import not found');

export const ENDED_STATUSES: readonly ImportView['status'][] = ['completed', 'failed', 'cancelled'];

/** One import of the account (404 `Import not found` for another account's, or none). */
export async function getImportOrThrow(runtime: Pick<Runtime, 'db'>, options: { accountId: string; importId: string }): Promise<ImportView> {
  if (!isUuid(options.importId)) throw importNotFound();
  const [row] = await runtime.db.sql.query<ImportRow>(
    `SELECT ${COLUMNS} FROM imports i JOIN projects p ON p.id = i.project_id WHERE i.id = $1::uuid AND p.account_id = $2::uuid`,
    [options.importId, options.accountId],
  );
  if (!row) throw importNotFound();
  return presentImport(row);
}

/** A project's imports, newest first (created_at DESC, id DESC), `limit` at a time after `cursor`. */
export async function listImports(
  runtime: Pick<Runtime, 'db'>,
  options: { projectId: string; query: Pick<TListImportsQuery, 'limit' | 'cursor'> },
): Promise<{ rows: ImportView[]; nextCursor: string | null }> {
  const { limit, cursor } = options.query;
  const params: unknown[] = [options.projectId, limit + 1];
  let after = '';
  if (cursor) {
    params.push(cursor.createdAt, cursor.id);
    after = 'AND i.created_at <= $3 AND (i.created_at < $3 OR i.id < $4::uuid)';
  }
  const rows = await runtime.db.sql.query<ImportRow>(
    `SELECT ${COLUMNS} FROM imports i WHERE i.project_id = $1::uuid ${after} ORDER BY i.created_at DESC, i.id DESC LIMIT $2`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next: PageCursor | null = rows.length > limit && last ? { createdAt: new Date(last.created_at), id: last.id } : null;
  return { rows: page.map(presentImport), nextCursor: next ? encodeCursor(next) : null };
}

/**
 * Cancels an import: a queued one ends `cancelled` at once (its stored file deleted); a running one gets
 * `cancel_requested` and its worker stops after the batch in flight (run-import.ts checks between
 * batches); one that has ended is 409.
 */
export async function cancelImport(runtime: Pick<Runtime, 'db'>, options: { accountId: string; importId: string }): Promise<ImportView> {
  const current = await getImportOrThrow(runtime, options);
  if (ENDED_STATUSES.includes(current.status)) throw new VaultError('conflict', `The import has already ended (${current.status})`);
  await runtime.db.sql.transaction(async (tx) => {
    const cancelled = await tx.query<{ id: string }>(
      `UPDATE imports SET status = 'cancelled', cancel_requested = true, finished_at = now(), claimed_by = NULL, claimed_until = NULL
       WHERE id = $1::uuid AND status = 'queued' RETURNING id`,
      [options.importId],
    );
    if (cancelled.length) {
      await tx.query('DELETE FROM import_file_chunks WHERE import_id = $1::uuid', [options.importId]);
      return;
    }
    const flagged = await tx.query<{ id: string }>(`UPDATE imports SET cancel_requested = true WHERE id = $1::uuid AND status = 'running' RETURNING id`, [options.importId]);
    if (!flagged.length) throw new VaultError('conflict', 'The import has already ended');
  });
  return getImportOrThrow(runtime, options);
}
