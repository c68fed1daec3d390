// `vault tokens purge` (issue 25): the operator's bulk erasure of a project's tokens created before a UTC
// date. Each batch erases its tokens as DELETE does (./erase-tokens.ts: ciphertext, metadata and search
// entries destroyed, `deleted_at` stamped, a `token.deleted` event each) and writes its audit row
// (`token.purge_batch_by_operator`, resource `project:<id> tokens=<n> before=<date>`) in one transaction, so
// a run stopped half-way leaves exactly its finished batches, each recorded. The run ends with its own row
// (`token.purge_by_operator`, the total). A dry run only counts, and writes nothing.
import { randomUUID } from 'node:crypto';
import { insertAuditRows } from '../audit/audit-writer';
import { recordAudit } from '../audit/record-audit';
import type { AuditEntry } from '../core/audit-entry';
import type { Runtime } from '../runtime/types';
import { eraseTokens } from './erase-tokens';

export const PURGE_BATCH = 500;

const LIVE_BEFORE = 'project_id = $1::uuid AND deleted_at IS NULL AND created_at < $2::timestamptz';
const COUNT = `SELECT count(*)::int AS tokens FROM tokens WHERE ${LIVE_BEFORE}`;
// Oldest first along the (project_id, created_at, id) index; waits for a token another call holds.
const NEXT_BATCH = `SELECT id FROM tokens WHERE ${LIVE_BEFORE} ORDER BY created_at, id LIMIT $3 FOR UPDATE`;

export class PurgeError extends Error {}

export async function purgeTokens(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'audit' | 'logger'>,
  options: { projectId: string; before: Date; dryRun?: boolean; batchSize?: number; onBatch?: (erased: number, total: number) => void },
): Promise<{ tokens: number }> {
  const { sql } = runtime.db;
  const [project] = await sql.query<{ account_id: string }>('SELECT account_id FROM projects WHERE id = $1::uuid', [options.projectId]);
  if (!project) throw new PurgeError(`No project ${options.projectId}`);
  const params = [options.projectId, options.before];
  if (options.dryRun) {
    const [row] = await sql.query<{ tokens: number }>(COUNT, params);
    return { tokens: row?.tokens ?? 0 };
  }
  const batchSize = options.batchSize ?? PURGE_BATCH;
  const requestId = `cli-${randomUUID()}`;
  const before = options.before.toISOString().slice(0, 10);
  const entry = (action: string, tokens: number): AuditEntry => ({
    action,
    outcome: 'success',
    statusCode: 200,
    requestId,
    accountId: project.account_id,
    projectId: options.projectId,
    resource: `project:${options.projectId} tokens=${tokens} before=${before}`,
  });
  let total = 0;
  for (;;) {
    const erased = await sql.transaction(async (tx) => {
      const ids = (await tx.query<{ id: string }>(NEXT_BATCH, [...params, batchSize])).map((row) => row.id);
      const rows = await eraseTokens(tx, { ids, now: new Date() });
      if (rows.length) await insertAuditRows({ sql: tx }, runtime.keyring, [entry('token.purge_batch_by_operator', rows.length)]);
      return { taken: ids.length, erased: rows.length };
    });
    total += erased.erased;
    if (erased.erased) options.onBatch?.(erased.erased, total);
    if (erased.taken < batchSize) break;
  }
  await recordAudit(runtime, entry('token.purge_by_operator', total));
  return { tokens: total };
}
