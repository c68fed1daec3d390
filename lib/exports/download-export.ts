// GET /api/exports/{id}/download's work: an approved export is claimed (`downloaded`, so a second download
// is a 409 even while the first is streaming) and its file streamed: the cards decrypted page by page and
// encrypted to the recipient's key as they go (./export-file-stream.ts). Only here, after the approval, is
// anything decrypted.
import type { Runtime } from '../runtime/types';
import { exportAlreadyDownloaded, exportExpired, exportNotApproved } from './export-errors';
import { exportFileStream } from './export-file-stream';
import { EXPORT_COLUMNS, type ExportRow } from './export-row';
import { abandonExport, completeExport, type FinishedExport } from './finish-export';
import { getExportOrThrow } from './get-export-or-throw';
import { readRecipientKey } from './read-recipient-key';

function refuse(status: ExportRow['status']): never {
  if (status === 'expired') throw exportExpired();
  if (status === 'pending_approval') throw exportNotApproved();
  throw exportAlreadyDownloaded();
}

export async function downloadExport(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'logger'>,
  options: { accountId: string; exportId: string; userId: string; requestId?: string; now?: Date },
): Promise<{ row: ExportRow; stream: ReadableStream<Uint8Array> }> {
  const now = options.now ?? new Date();
  const found = await getExportOrThrow(runtime, { accountId: options.accountId, exportId: options.exportId, now });
  if (found.status !== 'approved') refuse(found.status);
  const recipient = await readRecipientKey(found.recipient_public_key);
  const [row] = await runtime.db.sql.query<ExportRow>(
    `UPDATE exports AS e SET status = 'downloaded', downloaded_at = $2 WHERE e.id = $1::uuid AND e.status = 'approved' AND e.expires_at > $2 RETURNING ${EXPORT_COLUMNS}`,
    [found.id, now],
  );
  // Another download claimed it first (or it lapsed this instant).
  if (!row) refuse((await getExportOrThrow(runtime, { accountId: options.accountId, exportId: found.id, now })).status);
  const done: FinishedExport = {
    id: row.id,
    projectId: row.project_id,
    accountId: found.account_id,
    format: row.format,
    requestedBy: row.requested_by,
    approvedBy: row.approved_by,
    recipientFingerprint: row.recipient_fingerprint,
    userId: options.userId,
    requestId: options.requestId,
  };
  const stream = await exportFileStream(runtime, {
    selection: { projectId: row.project_id, all: row.all, tokens: row.tokens },
    format: row.format,
    recipientKey: recipient.key,
    now,
    onComplete: (rows) => completeExport(runtime, done, rows, 'export.download_completed'),
    onAbort: async (error) => {
      runtime.logger.warn({ err: error instanceof Error ? { name: error.name, message: error.message } : undefined, exportId: row.id }, 'export download did not finish');
      await abandonExport(runtime, done);
    },
  });
  return { row, stream };
}
