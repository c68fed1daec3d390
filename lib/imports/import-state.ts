// An import's row through its life (issue 26): claimed by one worker (queued, or running with a lapsed
// claim: a resumed import), its integrity pass recorded, and ended: status, finished_at, the stored file
// chunks deleted, the `import.completed` / `import.failed` event and the finish audit row, in one
// transaction. Every write after the claim checks that this worker still holds it.
import { insertAuditRows } from '../audit/audit-writer';
import type { AuditEntry } from '../core/audit-entry';
import { isLivemode } from '../events/livemode';
import { recordEvent } from '../events/record-event';
import type { Runtime } from '../runtime/types';
import type { ImportFileFormat, ImportOptions, ImportSource } from './create-import';

export type ClaimedImport = {
  id: string;
  project_id: string;
  account_id: string;
  environment: 'test' | 'production';
  source: ImportSource;
  format: ImportFileFormat;
  status: string;
  require_signer: string | null;
  options: ImportOptions;
  rows_total: number | null;
  rows_done: number;
  rows_imported: number;
  rows_skipped: number;
  rows_failed: number;
  cancel_requested: boolean;
  created_by: string | null;
  started_at: Date | null;
};

export type ImportCounts = { status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled'; rows_total: number | null; rows_imported: number; rows_skipped: number; rows_failed: number };

const COLUMNS = `i.id, i.project_id, p.account_id, p.environment::text AS environment, i.source, i.format, i.status::text AS status, i.require_signer, i.options,
  i.rows_total, i.rows_done, i.rows_imported, i.rows_skipped, i.rows_failed, i.cancel_requested, i.created_by, i.started_at`;

export const CLAIM_SECONDS = 60;

/** Takes the import for `workerId`: queued and free, or running with a lapsed claim (or already its own). */
export async function claimImport(runtime: Pick<Runtime, 'db'>, importId: string, workerId: string): Promise<{ claimed: ClaimedImport | null; resumed: boolean }> {
  const [row] = await runtime.db.sql.query<ClaimedImport & { was: string }>(
    `WITH before AS (SELECT id, status::text AS was FROM imports WHERE id = $1::uuid FOR UPDATE),
     claimed AS (
       UPDATE imports i SET status = 'running', claimed_by = $2, claimed_until = now() + make_interval(secs => $3), started_at = coalesce(started_at, now())
       FROM before
       WHERE i.id = before.id AND (
         (i.status = 'queued' AND (i.claimed_until IS NULL OR i.claimed_until < now() OR i.claimed_by = $2))
         OR (i.status = 'running' AND (i.claimed_until IS NULL OR i.claimed_until < now() OR i.claimed_by = $2)))
       RETURNING i.*
     )
     SELECT ${COLUMNS}, before.was FROM claimed i JOIN before ON before.id = i.id JOIN projects p ON p.id = i.project_id`,
    [importId, workerId, CLAIM_SECONDS],
  );
  return { claimed: row ?? null, resumed: row?.was === 'running' };
}

export async function readImportCounts(runtime: Pick<Runtime, 'db'>, importId: string): Promise<ImportCounts> {
  const [row] = await runtime.db.sql.query<ImportCounts>(
    'SELECT status::text AS status, rows_total, rows_imported, rows_skipped, rows_failed FROM imports WHERE id = $1::uuid',
    [importId],
  );
  if (!row) throw new Error(`No import ${importId}`);
  return row;
}

/** After pass 1: the row count, the key that opened it, its size and SHA-256 (kept in options). */
export async function recordIntegrityPass(
  runtime: Pick<Runtime, 'db'>,
  importId: string,
  workerId: string,
  pass: { rowsTotal: number; keyFingerprint: string; bytes: number; sha256: string },
): Promise<{ cancelRequested: boolean }> {
  const [row] = await runtime.db.sql.query<{ cancel_requested: boolean }>(
    `UPDATE imports SET rows_total = $3, key_fingerprint = $4, file_bytes = $5, options = options || jsonb_build_object('fileSha256', $6::text),
                        claimed_until = greatest(claimed_until, now() + make_interval(secs => $7))
     WHERE id = $1::uuid AND claimed_by = $2 AND status = 'running' RETURNING cancel_requested`,
    [importId, workerId, pass.rowsTotal, pass.keyFingerprint, pass.bytes, pass.sha256, CLAIM_SECONDS],
  );
  if (!row) throw new Error('The import is no longer held by this worker');
  return { cancelRequested: row.cancel_requested };
}

/** Keeps the claim alive while a pass reads (pass 1 writes nothing for minutes on a large file). */
export async function renewClaim(runtime: Pick<Runtime, 'db'>, importId: string, workerId: string): Promise<{ held: boolean; cancelRequested: boolean }> {
  const [row] = await runtime.db.sql.query<{ cancel_requested: boolean }>(
    `UPDATE imports SET claimed_until = now() + make_interval(secs => $3) WHERE id = $1::uuid AND claimed_by = $2 AND status = 'running' RETURNING cancel_requested`,
    [importId, workerId, CLAIM_SECONDS],
  );
  return { held: Boolean(row), cancelRequested: row?.cancel_requested ?? false };
}

/** The audit rows' common part: CLI runs are the operator's (`*_by_operator`), API runs the uploader's. */
export function importAudit(claimed: Pick<ClaimedImport, 'id' | 'source' | 'account_id' | 'project_id' | 'created_by'>, requestId: string) {
  return (action: 'start' | 'resume' | 'batch' | 'finish', outcome: AuditEntry['outcome'] = 'success'): Omit<AuditEntry, 'resource'> => ({
    action: `import.${action}${claimed.source === 'cli' ? '_by_operator' : ''}`,
    outcome,
    statusCode: outcome === 'success' ? 200 : 422,
    requestId,
    accountId: claimed.account_id,
    projectId: claimed.project_id,
    userId: claimed.source === 'cli' ? null : claimed.created_by,
  });
}

export async function writeAuditRow(runtime: Pick<Runtime, 'db' | 'keyring'>, entry: AuditEntry): Promise<void> {
  await insertAuditRows({ sql: runtime.db.sql }, runtime.keyring, [entry]);
}

/**
 * Ends the import (only while this worker holds it): its status, why it failed, the chunks deleted, its
 * event (completed or failed; a cancelled import sends none) and its finish audit row, in one transaction.
 */
export async function finishImport(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  claimed: ClaimedImport,
  workerId: string,
  requestId: string,
  end: { status: 'completed' | 'failed' | 'cancelled'; errorCode?: string; errorMessage?: string },
): Promise<ImportCounts> {
  return runtime.db.sql.transaction(async (tx) => {
    const [row] = await tx.query<ImportCounts & { finished_at: Date }>(
      `UPDATE imports SET status = $3::"ImportStatus", finished_at = now(), claimed_by = NULL, claimed_until = NULL, error_code = $4, error_message = $5
       WHERE id = $1::uuid AND claimed_by = $2 AND status = 'running'
       RETURNING status::text AS status, rows_total, rows_imported, rows_skipped, rows_failed, finished_at`,
      [claimed.id, workerId, end.status, end.errorCode ?? null, end.errorMessage ?? null],
    );
    if (!row) throw new Error('The import is no longer held by this worker');
    await tx.query('DELETE FROM import_file_chunks WHERE import_id = $1::uuid', [claimed.id]);
    const counts = { import_id: claimed.id, source: claimed.source, rows_total: row.rows_total, rows_imported: row.rows_imported, rows_skipped: row.rows_skipped, rows_failed: row.rows_failed };
    if (end.status !== 'cancelled') {
      await recordEvent(tx, {
        projectId: claimed.project_id,
        livemode: isLivemode(claimed.environment),
        type: end.status === 'completed' ? 'import.completed' : 'import.failed',
        data: end.status === 'completed' ? counts : { ...counts, error_code: end.errorCode ?? 'import_failed' },
        createdAt: new Date(row.finished_at),
      });
    }
    const audit = importAudit(claimed, requestId)('finish', end.status === 'failed' ? 'failure' : 'success');
    await insertAuditRows({ sql: tx }, runtime.keyring, [
      {
        ...audit,
        resource: `import:${claimed.id} status=${end.status} imported=${row.rows_imported} skipped=${row.rows_skipped} failed=${row.rows_failed}${end.errorCode ? ` error=${end.errorCode}` : ''}`,
      },
    ]);
    return { status: row.status, rows_total: row.rows_total, rows_imported: row.rows_imported, rows_skipped: row.rows_skipped, rows_failed: row.rows_failed };
  });
}
