// Start-up step for a database written before writer MACs: its unsealed rows have no `writer_mac`, so the
// sealer would refuse them. While the chain has no seal of the current format (SEAL_VERSION 2, written only
// by this release), those rows are sealed once under the chain key, accepting a missing MAC (a wrong one is
// still refused). From the first current seal on, a row without a writer MAC is never sealed: rows sealed
// before the upgrade are covered by their seals, rows written after it carry their MAC. Nothing is rewritten.
import type { Logger } from '../logger';
import { sealAuditLog, type SealRuntime } from './audit-chain';

export async function sealRowsBeforeWriterMacs(runtime: SealRuntime & { logger: Pick<Logger, 'info' | 'error'> }): Promise<number | null> {
  const { sql } = runtime.db;
  const [current] = await sql.query('SELECT 1 FROM audit_seals WHERE version >= 2 LIMIT 1');
  if (current) return null;
  const [legacy] = await sql.query('SELECT 1 FROM audit_logs WHERE writer_mac IS NULL LIMIT 1');
  if (!legacy) return null;
  const sealed = await sealAuditLog(runtime, { legacy: true });
  runtime.logger.info({ event: 'audit.legacy_rows_sealed', sealed }, 'audit rows written before writer MACs sealed once under the chain key');
  return sealed;
}
