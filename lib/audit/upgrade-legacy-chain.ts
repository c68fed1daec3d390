// Start-up step for a database written before seals: its rows were chained the old way (chain_index,
// prev_hash, SHA-256 hash written into each row). Before the first seal is made, that old chain is verified
// once; the outcome is logged (an error when broken, naming the first broken row) and written as an audit
// row (`audit.legacy_chain_verified`), and everything is then sealed under the keyed chain, so the verdict
// on the old rows is itself part of the new chain. Nothing is rewritten: the old columns stay as they were.
import { randomUUID } from 'node:crypto';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import type { Logger } from '../logger';
import { sealAuditLog } from './audit-chain';
import type { AuditWriter } from './audit-writer';
import { verifyLegacyAuditChain } from './legacy-audit-chain';
import type { ChainVerification } from './verify-audit-chain';

export async function upgradeLegacyAuditChain(runtime: {
  db: Pick<Database, 'sql' | 'prisma' | 'kind'>;
  keyring: Pick<Keyring, 'auditChainKey' | 'auditChainEpoch'>;
  audit: Pick<AuditWriter, 'write'>;
  logger: Pick<Logger, 'info' | 'error'>;
}): Promise<ChainVerification | null> {
  const { sql } = runtime.db;
  const [sealed] = await sql.query('SELECT 1 FROM audit_seals LIMIT 1');
  if (sealed) return null;
  const [legacy] = await sql.query('SELECT 1 FROM audit_logs WHERE chain_index IS NOT NULL LIMIT 1');
  if (!legacy) return null;
  const result = await verifyLegacyAuditChain(runtime);
  if (result.valid) {
    runtime.logger.info({ event: 'audit.legacy_chain_verified', checked: result.checked }, 'the audit chain written before seals is intact; sealing it under the keyed chain');
  } else {
    runtime.logger.error(
      { event: 'audit.legacy_chain_broken', checked: result.checked, first_broken_id: result.first_broken_id },
      'the audit chain written before seals is BROKEN: the row named was changed, removed or reordered before this upgrade',
    );
  }
  await runtime.audit.write({
    action: 'audit.legacy_chain_verified',
    outcome: result.valid ? 'success' : 'failure',
    statusCode: result.valid ? 200 : 409,
    requestId: `startup-${randomUUID()}`,
    accountId: null,
    resource: result.first_broken_id ? `audit_log:${result.first_broken_id}` : null,
  });
  // Rows of that time have no writer MAC: sealed once, as at any upgrade (upgrade-writer-macs.ts).
  await sealAuditLog(runtime, { legacy: true });
  return result;
}
