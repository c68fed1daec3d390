// An audit row as the vault writes one (its writer MAC included), at a time of the test's choosing: for
// tests that need rows of other days. A row inserted without the writer's MAC is a forgery to the sealer,
// which then stops sealing every later row of the database (lib/audit/audit-chain.ts), other files' too.
import { AUDIT_ENTRY_COLUMNS, auditEntryValues } from '../../lib/audit/audit-writer';
import type { AuditEntry } from '../../lib/core/audit-entry';
import type { Runtime } from '../../lib/runtime/types';

export async function writeAuditRowAt(runtime: Pick<Runtime, 'db' | 'keyring'>, entry: AuditEntry, createdAt = new Date()): Promise<void> {
  const values = auditEntryValues(runtime.keyring, entry, createdAt);
  const placeholders = AUDIT_ENTRY_COLUMNS.map(([, cast], index) => `$${index + 1}${cast}`).join(', ');
  await runtime.db.sql.query(`INSERT INTO audit_logs (${AUDIT_ENTRY_COLUMNS.map(([name]) => name).join(', ')}) VALUES (${placeholders})`, values);
}
