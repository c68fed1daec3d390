// Runs one import (issue 26): claims it, then TWO PASSES over the encrypted file (`source()` is called once
// per pass, from its first byte):
// 1. the integrity pass decrypts, verifies (OpenPGP's MDC or AEAD check and, when required, the signature)
//    and counts the data rows with the real parser, storing nothing: OpenPGP.js streams plaintext before
//    its integrity check at the end, so nothing read before that end may be trusted;
// 2. the import pass decrypts again (each 1 MiB segment of the file checked against pass 1's hash before
//    it is decrypted), skips the rows up to `rows_done` (a resumed import), and writes the rest in batches
//    (./import-batch.ts: one transaction each), checking `cancel_requested` after each.
// A file failing pass 1 (0 bytes, not OpenPGP, another or a revoked key, modified, unsigned or signed by
// another key when a signer is required, unreadable CSV) imports nothing: status failed, `error_code` and
// `error_message` (never file content), an `import.failed` event. The end is written by ./import-state.ts.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Runtime } from '../runtime/types';
import { decryptImportFile, signerRequirement } from './decrypt-import-file';
import { ImportFailure } from './import-failure';
import { LostClaimError, prepareTokens, writeBatch, type BatchContext, type BatchRow } from './import-batch';
import { openImportDecryptionKeys } from './import-keys';
import {
  CLAIM_SECONDS,
  claimImport,
  finishImport,
  importAudit,
  readImportCounts,
  recordIntegrityPass,
  renewClaim,
  writeAuditRow,
  type ClaimedImport,
  type ImportCounts,
} from './import-state';
import { parseImportRows } from './parse-import-rows';
import { columnMap, validateImportRow } from './validate-import-row';
import { PROJECT_KEY_COLUMNS } from '../crypto/keyring';

export const IMPORT_BATCH_ROWS = 2_000;
/** How often pass 1 reports its progress (rows). */
const VERIFY_PROGRESS_ROWS = 10_000;

export type ImportProgress = { phase: 'verify' | 'import'; rowsDone: number; rowsTotal: number | null; imported: number; skipped: number; failed: number };

export type RunImportOptions = {
  importId: string;
  /** The encrypted file from its first byte; called once per pass. */
  source: () => Readable;
  workerId: string;
  onProgress?: (progress: ImportProgress) => void;
  /** Rows per batch (default IMPORT_BATCH_ROWS). */
  batchRows?: number;
};

class Cancelled extends Error {}
/** A batch's write failed: its own error, not the file's. */
class BatchFailed extends Error {
  constructor(readonly reason: unknown) {
    super('batch failed');
  }
}

export async function runImport(runtime: Pick<Runtime, 'db' | 'keyring' | 'logger'>, options: RunImportOptions): Promise<ImportCounts> {
  const { claimed, resumed } = await claimImport(runtime, options.importId, options.workerId);
  if (!claimed) return readImportCounts(runtime, options.importId);
  const requestId = `${claimed.source === 'cli' ? 'cli' : 'import'}-${randomUUID()}`;
  const audit = importAudit(claimed, requestId);
  await writeAuditRow(runtime, { ...audit(resumed ? 'resume' : 'start'), resource: `import:${claimed.id} format=${claimed.format}${resumed ? ` rows_done=${claimed.rows_done}` : ''}` });
  // The claim is renewed while the passes read (a large file's pass 1 writes nothing for minutes).
  const renew = setInterval(() => void renewClaim(runtime, claimed.id, options.workerId).catch(() => {}), (CLAIM_SECONDS * 1000) / 4);
  renew.unref();
  const finish = (end: Parameters<typeof finishImport>[4]) => finishImport(runtime, claimed, options.workerId, requestId, end);
  try {
    const outcome = await importFile(runtime, claimed, options);
    return await finish({ status: outcome });
  } catch (error) {
    if (error instanceof LostClaimError) return readImportCounts(runtime, claimed.id);
    if (error instanceof ImportFailure) return await finish({ status: 'failed', errorCode: error.code, errorMessage: error.message });
    // A database error or time-out mid-import: the import stays running with its committed batches, and is
    // resumed after rows_done (the CLI run again; the job once the claim lapses). Never marked failed here.
    runtime.logger.error({ err: error, importId: claimed.id }, 'import stopped on an unexpected error; it resumes after its last committed batch');
    throw error;
  } finally {
    clearInterval(renew);
  }
}

async function importFile(runtime: Pick<Runtime, 'db' | 'keyring'>, claimed: ClaimedImport, options: RunImportOptions): Promise<'completed' | 'cancelled'> {
  const keys = await openImportDecryptionKeys(runtime, claimed.project_id);
  const signer = await signerRequirement(claimed.require_signer, claimed.options.signerKey);
  const progress = (phase: ImportProgress['phase'], rowsDone: number, rowsTotal: number | null, counts: { imported: number; skipped: number; failed: number }) =>
    options.onProgress?.({ phase, rowsDone, rowsTotal, ...counts });
  const counts = { imported: claimed.rows_imported, skipped: claimed.rows_skipped, failed: claimed.rows_failed };

  // Pass 1: decrypt, verify, count; nothing stored.
  const first = await decryptImportFile(options.source(), keys, signer);
  progress('verify', 0, null, counts);
  let rowsTotal = 0;
  try {
    for await (const _row of parseImportRows(first.plaintext, claimed.format)) {
      rowsTotal += 1;
      if (rowsTotal % VERIFY_PROGRESS_ROWS === 0) progress('verify', rowsTotal, null, counts);
    }
  } catch (error) {
    first.plaintext.destroy();
    // A stream that broke off is the integrity failure; a parse failure keeps its own code.
    if (error instanceof ImportFailure) {
      await first.verified.catch(() => {});
      throw error;
    }
    await first.verified;
    throw error;
  }
  const verified = await first.verified;
  if (claimed.options.fileSha256 && claimed.options.fileSha256 !== verified.sha256) {
    throw new ImportFailure('file_changed', 'This import was started with a different file: nothing more was imported');
  }
  progress('verify', rowsTotal, rowsTotal, counts);
  const recorded = await recordIntegrityPass(runtime, claimed.id, options.workerId, { rowsTotal, keyFingerprint: verified.keyFingerprint, bytes: verified.bytes, sha256: verified.sha256 });
  if (recorded.cancelRequested) return 'cancelled';

  // Pass 2: import after rows_done, in batches.
  const project = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: claimed.project_id }, select: PROJECT_KEY_COLUMNS });
  const context: BatchContext = {
    importId: claimed.id,
    workerId: options.workerId,
    projectId: claimed.project_id,
    testMode: claimed.environment === 'test',
    keys: runtime.keyring.projectKeys(project),
    tokenFormat: claimed.options.tokenFormat ?? 'random',
    deduplicate: claimed.options.deduplicate ?? false,
    audit: importAudit(claimed, `${claimed.source === 'cli' ? 'cli' : 'import'}-${randomUUID()}`)('batch'),
  };
  const columns = columnMap(claimed.options.map);
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  const second = await decryptImportFile(options.source(), keys, signer, verified.segments);
  let batch: BatchRow[] = [];
  // One batch transaction at a time: a second one running beside it could take a lock the first needs (a
  // token count slot, an external_id repeated across the two) while it waits for the first to commit, a
  // deadlock the database cannot see. Parsing, validating and sealing the next batch overlap it instead.
  const parallel = 1;
  const inflight: Promise<{ cancelRequested: boolean }>[] = [];
  let cancelled = false;
  const settleOne = async () => {
    let done: { cancelRequested: boolean };
    try {
      done = await inflight.shift()!;
    } catch (error) {
      throw new BatchFailed(error);
    }
    if (done.cancelRequested) cancelled = true;
  };
  const settle = async () => {
    while (inflight.length) await settleOne();
    if (cancelled) throw new Cancelled();
  };
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch;
    batch = [];
    // Sealing this batch overlaps the transactions in flight; batches still commit in file order.
    const prepared = prepareTokens(context, rows);
    while (inflight.length >= parallel) await settleOne();
    if (cancelled) {
      await settle();
      throw new Cancelled();
    }
    const rowsDone = rows[rows.length - 1]!.row;
    const previous = inflight[inflight.length - 1] ?? null;
    const written = writeBatch(runtime, context, rows, rowsDone, prepared, previous).then((result) => {
      counts.imported += result.imported;
      counts.skipped += result.skipped;
      counts.failed += result.failed;
      progress('import', rowsDone, rowsTotal, counts);
      return result;
    });
    written.catch(() => {});
    inflight.push(written);
  };
  try {
    progress('import', claimed.rows_done, rowsTotal, counts);
    for await (const parsed of parseImportRows(second.plaintext, claimed.format)) {
      if (parsed.row <= claimed.rows_done) continue;
      const result = parsed.record === null ? { ok: false as const, code: parsed.code, field: parsed.field, externalId: null } : validateImportRow(parsed.record, columns, context.tokenFormat);
      batch.push({ row: parsed.row, result });
      if (batch.length >= batchRows) await flush();
    }
    await flush();
    await settle();
  } catch (error) {
    second.plaintext.destroy();
    await Promise.allSettled(inflight);
    if (error instanceof Cancelled) return 'cancelled';
    if (error instanceof BatchFailed) throw error.reason;
    if (!(error instanceof ImportFailure)) await second.verified; // the integrity failure explains a broken stream
    throw error;
  }
  await second.verified;
  // A cancel that arrives after the last batch finds the import whole: it completes.
  return 'completed';
}
