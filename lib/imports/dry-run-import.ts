// `vault import cards --dry-run` (issue 26): the same two passes as an import (integrity first, then every
// row validated by the same rules, and its external_id looked up among the project's tokens) but nothing is
// stored: no import row, no token. Its report (the rows that would be skipped or fail, in the import's
// report format) is streamed to `report`; an audit row records that the operator read the file. A
// duplicate external_id inside the file is not detected (that would mean remembering every id seen).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { insertAuditRows } from '../audit/audit-writer';
import type { Runtime } from '../runtime/types';
import type { ImportFileFormat, ImportOptions } from './create-import';
import { decryptImportFile, signerRequirement } from './decrypt-import-file';
import { REPORT_HEADER } from './import-outputs';
import { openImportDecryptionKeys } from './import-keys';
import type { ImportProgress } from './run-import';
import { parseImportRows } from './parse-import-rows';
import { columnMap, validateImportRow, type InvalidRow, type ValidRow } from './validate-import-row';

const LOOKUP_ROWS = 1_000;

export type DryRunResult = { rowsTotal: number; wouldImport: number; wouldSkip: number; failed: number };

export async function dryRunImport(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  input: { projectId: string; accountId: string; format: ImportFileFormat; options: ImportOptions; requireSigner?: string | null; source: () => Readable; report: Writable; onProgress?: (p: ImportProgress) => void },
): Promise<DryRunResult> {
  const keys = await openImportDecryptionKeys(runtime, input.projectId);
  const signer = await signerRequirement(input.requireSigner, input.options.signerKey);
  const first = await decryptImportFile(input.source(), keys, signer);
  let rowsTotal = 0;
  try {
    for await (const _row of parseImportRows(first.plaintext, input.format)) rowsTotal += 1;
  } catch (error) {
    first.plaintext.destroy();
    await first.verified.catch(() => {});
    throw error;
  }
  const verified = await first.verified;

  const result: DryRunResult = { rowsTotal, wouldImport: 0, wouldSkip: 0, failed: 0 };
  const write = async (text: string) => {
    if (!input.report.write(text)) await once(input.report, 'drain');
  };
  await write(stringify([REPORT_HEADER]));
  const columns = columnMap(input.options.map);
  let pending: { row: number; result: ValidRow | InvalidRow }[] = [];
  const flush = async () => {
    const ids = pending.flatMap(({ result }) => (result.ok && result.externalId !== null ? [result.externalId] : []));
    const existing = new Set(
      ids.length
        ? (await runtime.db.sql.query<{ external_id: string }>('SELECT external_id FROM tokens WHERE project_id = $1::uuid AND external_id = ANY ($2::text[])', [input.projectId, ids])).map((row) => row.external_id)
        : [],
    );
    const lines: unknown[][] = [];
    for (const { row, result: checked } of pending) {
      if (!checked.ok) {
        result.failed += 1;
        lines.push([row, checked.externalId ?? '', checked.code, checked.field ?? '']);
      } else if (checked.externalId !== null && existing.has(checked.externalId)) {
        result.wouldSkip += 1;
        lines.push([row, checked.externalId, 'already_imported', 'external_id']);
      } else result.wouldImport += 1;
    }
    if (lines.length) await write(stringify(lines));
    input.onProgress?.({ phase: 'import', rowsDone: pending[pending.length - 1]?.row ?? 0, rowsTotal, imported: result.wouldImport, skipped: result.wouldSkip, failed: result.failed });
    pending = [];
  };
  const second = await decryptImportFile(input.source(), keys, signer, verified.segments);
  try {
    for await (const parsed of parseImportRows(second.plaintext, input.format)) {
      const checked = parsed.record === null ? { ok: false as const, code: parsed.code, field: parsed.field, externalId: null } : validateImportRow(parsed.record, columns, input.options.tokenFormat);
      pending.push({ row: parsed.row, result: checked });
      if (pending.length >= LOOKUP_ROWS) await flush();
    }
    await flush();
  } catch (error) {
    second.plaintext.destroy();
    await second.verified.catch(() => {});
    throw error;
  }
  await second.verified;
  await insertAuditRows({ sql: runtime.db.sql }, runtime.keyring, [
    {
      action: 'import.dry_run_by_operator',
      outcome: 'success',
      statusCode: 200,
      requestId: `cli-${randomUUID()}`,
      accountId: input.accountId,
      projectId: input.projectId,
      resource: `project:${input.projectId} rows=${rowsTotal} would_import=${result.wouldImport} would_skip=${result.wouldSkip} failed=${result.failed}`,
    },
  ]);
  return result;
}
