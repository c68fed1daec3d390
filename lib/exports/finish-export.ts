// The end of an export's stream: the rows it wrote, the `export.completed` event (counts, never card data)
// and an audit row, in one transaction; or, when the stream failed or its reader went away before the end,
// the export goes back to `approved` (a partial OpenPGP message has no integrity tag, nothing can be read
// from it) and the failure is audited, so either owner may download it again within its window.
import { randomUUID } from 'node:crypto';
import { insertAuditRows } from '../audit/audit-writer';
import type { AuditEntry } from '../core/audit-entry';
import { isLivemode } from '../events/livemode';
import { recordEvent } from '../events/record-event';
import type { Runtime } from '../runtime/types';
import type { ExportFormat } from './schemas';

export type FinishedExport = {
  id: string;
  projectId: string;
  accountId: string;
  format: ExportFormat;
  requestedBy: string | null;
  approvedBy: string | null;
  recipientFingerprint: string;
  /** The audit rows' user (null: the operator). */
  userId: string | null;
  requestId?: string;
};

const auditEntry = (done: FinishedExport, action: string, resource: string, outcome: AuditEntry['outcome'] = 'success', statusCode = 200): AuditEntry => ({
  action,
  outcome,
  statusCode,
  requestId: done.requestId ?? `job-${randomUUID()}`,
  accountId: done.accountId,
  projectId: done.projectId,
  userId: done.userId,
  resource,
});

/** Records the rows written, the event and the audit row (`action`) of a complete export file. */
export async function completeExport(runtime: Pick<Runtime, 'db' | 'keyring'>, done: FinishedExport, rows: number, action: string): Promise<void> {
  const [project] = await runtime.db.sql.query<{ environment: 'test' | 'production' }>('SELECT environment::text AS environment FROM projects WHERE id = $1::uuid', [done.projectId]);
  await runtime.db.sql.transaction(async (tx) => {
    await tx.query('UPDATE exports SET rows_exported = $2 WHERE id = $1::uuid', [done.id, rows]);
    await recordEvent(tx, {
      projectId: done.projectId,
      livemode: isLivemode(project?.environment ?? 'test'),
      type: 'export.completed',
      dedupeKey: `export.completed:${done.id}`,
      data: {
        export_id: done.id,
        format: done.format,
        rows_exported: rows,
        requested_by: done.requestedBy,
        approved_by: done.approvedBy,
        recipient_fingerprint: done.recipientFingerprint,
      },
    });
    await insertAuditRows({ sql: tx }, runtime.keyring, [auditEntry(done, action, `export:${done.id}:rows:${rows}`)]);
  });
}

/** A download that did not finish: back to `approved`, audited. */
export async function abandonExport(runtime: Pick<Runtime, 'db' | 'keyring'>, done: FinishedExport): Promise<void> {
  await runtime.db.sql.transaction(async (tx) => {
    await tx.query(`UPDATE exports SET status = 'approved', downloaded_at = NULL WHERE id = $1::uuid AND status = 'downloaded' AND rows_exported IS NULL`, [done.id]);
    await insertAuditRows({ sql: tx }, runtime.keyring, [auditEntry(done, 'export.download_failed', `export:${done.id}`, 'failure', 500)]);
  });
}
