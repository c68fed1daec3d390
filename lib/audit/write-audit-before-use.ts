// No use of card data without its audit row: a reveal (detokenize), a proxy call or a checkout charge first
// commits its row, and only then is the data decrypted or sent. When the row cannot be written the use
// fails with 503 `service_unavailable` and nothing leaves the vault.
import type { Database } from '../db/connect';
import { VaultError, messages } from '../core/errors';
import { insertAuditRow, type AuditKeyring } from './audit-writer';
import type { AuditEntry } from '../core/audit-entry';

export async function writeAuditBeforeUse(runtime: { db: Pick<Database, 'sql'>; keyring: AuditKeyring }, entry: AuditEntry): Promise<void> {
  try {
    await insertAuditRow(runtime.db, runtime.keyring, entry);
  } catch (error) {
    throw Object.assign(new VaultError('service_unavailable', messages.serviceUnavailable), { cause: error });
  }
}
