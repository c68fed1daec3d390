// `vault export cards`: the operator's export. The operator holds the master key anyway, so no second
// approval is asked; instead the project's exact name must be repeated (--confirm), the command says loudly
// what it is about to do, and it is audited (`export.operator`) before anything is decrypted. The file is
// streamed to `out` encrypted to the recipient's key only, like a dashboard export; its exports row
// (`approved_via: operator`, already `downloaded`) shows it in the dashboard's list, and `export.completed`
// is sent when it is complete.
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { recordAudit } from '../audit/record-audit';
import { isUuid } from '../core/uuid';
import { VaultError } from '../core/errors';
import { uuidV7 } from '../crypto/uuid-v7';
import type { Runtime } from '../runtime/types';
import { exportFileStream } from './export-file-stream';
import { completeExport, type FinishedExport } from './finish-export';
import { assertProjectTokens, countExportCards } from './project-tokens';
import { readRecipientKey } from './read-recipient-key';
import type { ExportFormat } from './schemas';

/** A refusal the command prints as is (exit 1). */
export class OperatorExportRefused extends Error {}

export type OperatorExport = { projectId: string; recipientArmored: string; all: boolean; tokens: string[]; format: ExportFormat; confirm: string };
export type OperatorExportPlan = { projectName: string; cards: number; recipientFingerprint: string };

async function refusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof VaultError) throw new OperatorExportRefused(error.fields?.map((field) => field.message).join('; ') || error.message);
    throw error;
  }
}

export async function exportCardsByOperator(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'audit' | 'logger'>,
  options: OperatorExport & { openOut: () => Writable; beforeStart: (plan: OperatorExportPlan) => void; now?: Date },
): Promise<{ id: string; rows: number }> {
  const now = options.now ?? new Date();
  if (!isUuid(options.projectId)) throw new OperatorExportRefused('--project must be a project id (a UUID)');
  const project = await runtime.db.prisma.project.findUnique({ where: { id: options.projectId }, select: { id: true, name: true, accountId: true } });
  if (!project) throw new OperatorExportRefused(`No project ${options.projectId}`);
  if (options.confirm !== project.name) throw new OperatorExportRefused('--confirm must repeat the project\'s name exactly (as the dashboard shows it): nothing was exported');
  const recipient = await refusal(() => readRecipientKey(options.recipientArmored, 'the recipient key'));
  const tokens = [...new Set(options.tokens)];
  if (!options.all) await refusal(() => assertProjectTokens(runtime, project.id, options.tokens));
  const selection = { projectId: project.id, all: options.all, tokens };
  options.beforeStart({ projectName: project.name, cards: await countExportCards(runtime, selection, now), recipientFingerprint: recipient.fingerprint });

  const id = uuidV7(now.getTime());
  const requestId = `cli-${randomUUID()}`;
  await recordAudit(runtime, { action: 'export.operator', outcome: 'success', statusCode: 200, requestId, accountId: project.accountId, projectId: project.id, resource: `export:${id}:recipient:${recipient.fingerprint}` });
  await runtime.db.sql.query(
    `INSERT INTO exports (id, project_id, status, recipient_public_key, recipient_fingerprint, "all", tokens, format, approved_via, created_at, expires_at, approved_at, downloaded_at)
     VALUES ($1::uuid, $2::uuid, 'downloaded', $3, $4, $5, $6::text[], $7, 'operator', $8, $8, $8, $8)`,
    [id, project.id, options.recipientArmored, recipient.fingerprint, options.all, tokens, options.format, now],
  );
  const done: FinishedExport = { id, projectId: project.id, accountId: project.accountId, format: options.format, requestedBy: null, approvedBy: null, recipientFingerprint: recipient.fingerprint, userId: null, requestId };
  let rows = 0;
  const stream = await exportFileStream(runtime, {
    selection,
    format: options.format,
    recipientKey: recipient.key,
    now,
    onComplete: async (written) => {
      rows = written;
      await completeExport(runtime, done, written, 'export.completed_by_operator');
    },
    // The row of an export that produced no whole file goes; the audit rows stay.
    onAbort: async () => {
      await runtime.db.sql.query('DELETE FROM exports WHERE id = $1::uuid AND rows_exported IS NULL', [id]);
      await recordAudit(runtime, { action: 'export.download_failed', outcome: 'failure', statusCode: 500, requestId, accountId: project.accountId, projectId: project.id, resource: `export:${id}` });
    },
  });
  await pipeline(Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>), options.openOut());
  return { id, rows };
}
