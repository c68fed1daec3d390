// The audit chain before seals (issue 11): the sealer rewrote each row with its chain index, the previous
// row's hash and its own SHA-256 over its content. Kept only to verify such rows once, when a database
// written then is upgraded to seals (lib/audit/upgrade-legacy-chain.ts), and for tests that write one.
import { createHash } from 'node:crypto';
import type { Database } from '../db/connect';
import { COLUMNS, type AuditRow } from './audit-row';
import type { ChainVerification } from './verify-audit-chain';

type ChainRuntime = { db: Pick<Database, 'prisma'> };

export const GENESIS = '0'.repeat(64);
const BATCH = 500;


/**
 * The hash of a row given its predecessor's: over every column that says who did what, to what, when.
 * `resource` and `account_id` came later: they join the hashed content only when set, so rows sealed before
 * them keep their hash. With an account both follow (resource possibly null), so the array's length tells
 * which is which and a value cannot be moved from one column to the other unnoticed.
 */
export function rowHash(prevHash: string, row: AuditRow): string {
  const later = row.account_id !== null ? [row.resource, row.account_id] : row.resource !== null ? [row.resource] : [];
  const content = JSON.stringify([
    row.id, String(row.seq), row.action, row.outcome, row.status_code, row.project_id, row.application_id, row.user_id,
    row.token_id, row.ip, row.request_id, new Date(row.created_at).toISOString(), ...later,
  ]);
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}


/** Recomputes the whole chain: a changed, removed or reordered sealed row breaks it at that row. */
export async function verifyLegacyAuditChain(runtime: ChainRuntime): Promise<ChainVerification> {
  let prevHash = GENESIS;
  let expectedIndex = 1n;
  let checked = 0;
  for (;;) {
    const rows = await runtime.db.prisma.$queryRawUnsafe<(AuditRow & { chain_index: bigint; prev_hash: string; hash: string })[]>(
      `SELECT ${COLUMNS}, chain_index, prev_hash, hash FROM audit_logs WHERE chain_index >= $1 ORDER BY chain_index LIMIT ${BATCH}`,
      expectedIndex,
    );
    for (const row of rows) {
      checked += 1;
      if (BigInt(row.chain_index) !== expectedIndex || row.prev_hash !== prevHash || rowHash(prevHash, row) !== row.hash) {
        return { valid: false, checked, first_broken_id: row.id };
      }
      prevHash = row.hash;
      expectedIndex += 1n;
    }
    if (rows.length < BATCH) return { valid: true, checked, first_broken_id: null };
  }
}
