// Start-up step for a database written before writer MACs: its unsealed rows have no `writer_mac`, so the
// sealer would refuse them. The migration that added writer MACs recorded the last seq drawn before it
// (audit_writer_mac_start; 0 on a new installation). While the chain has no seal of the current format
// (SEAL_VERSION 2, written only by this release), rows up to that seq are sealed once under the chain key
// without a MAC (a wrong one is still refused). From the first current seal on, a row without a writer MAC
// is never sealed: rows sealed before the upgrade are covered by their seals, later rows carry their MAC.
// Nothing is rewritten.
import type { SqlClient } from '../db/connect';
import type { Logger } from '../logger';
import { sealAuditLog, type SealRuntime } from './audit-chain';

/** The last seq written before writer MACs (0 when none, or on a database migrated without the row). */
export async function lastSeqBeforeWriterMacs(sql: Pick<SqlClient, 'query'>): Promise<bigint> {
  const [row] = await sql.query<{ last_legacy_seq: string | bigint }>('SELECT last_legacy_seq FROM audit_writer_mac_start WHERE id = 1');
  return row ? BigInt(row.last_legacy_seq) : 0n;
}

export async function sealRowsBeforeWriterMacs(runtime: SealRuntime & { logger: Pick<Logger, 'info' | 'error'> }): Promise<number | null> {
  const { sql } = runtime.db;
  const [current] = await sql.query('SELECT 1 FROM audit_seals WHERE version >= 2 LIMIT 1');
  if (current) return null;
  const legacyUpToSeq = await lastSeqBeforeWriterMacs(sql);
  if (legacyUpToSeq === 0n) return null;
  const sealed = await sealAuditLog(runtime, { legacyUpToSeq });
  runtime.logger.info({ event: 'audit.legacy_rows_sealed', sealed }, 'audit rows written before writer MACs sealed once under the chain key');
  return sealed;
}
