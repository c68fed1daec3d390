// Service keys that outlive a service root: rotate-master replaces the root, but what was made under some of
// its keys must stay usable for a while. Each such key (never the old root) is kept wrapped by the master key
// beside the new root, for as long as anything made under it can still be needed, and dropped at the first
// rotation after that.
import type { SqlClient } from '../db/connect';
import type { Keyring } from '../crypto/keyring';
import { VAULT_KEY, readVaultKey, vaultKeyAad } from './vault-keys';

type Query = Pick<SqlClient, 'query'>;

export const KEPT_SERVICE_KEYS = [
  // Backup codes already issued are hashed under it; kept while any is unused.
  { purpose: 'backup-codes', name: VAULT_KEY.legacyBackupCodes, stillNeeded: 'SELECT EXISTS (SELECT 1 FROM backup_codes WHERE used_at IS NULL) AS needed' },
  // A processor's answer not yet recorded is sealed under it in the store (lib/checkout/pending-charge.ts);
  // one can exist only while its session holds a charge claim.
  {
    purpose: 'checkout-pending-charge',
    name: VAULT_KEY.legacyPendingCharges,
    stillNeeded: 'SELECT EXISTS (SELECT 1 FROM checkout_sessions WHERE charge_lock_id IS NOT NULL) AS needed',
  },
] as const;

export const KEPT_SERVICE_KEY_NAMES: string[] = KEPT_SERVICE_KEYS.map((kept) => kept.name);

/** The kept keys of each purpose, unwrapped (for Keyring.useServiceRoot). */
export async function readKeptServiceKeys(sql: Query, keyring: Keyring): Promise<Record<string, Buffer | null>> {
  const kept: Record<string, Buffer | null> = {};
  for (const { purpose, name } of KEPT_SERVICE_KEYS) {
    const wrapped = await readVaultKey(sql, name);
    kept[purpose] = wrapped ? keyring.unwrapKey(wrapped, vaultKeyAad(name)) : null;
  }
  return kept;
}

/**
 * What a rotation writes for each kept key: the keys of the current root (and those it kept), wrapped under
 * the next master key, when still needed; null (delete) otherwise.
 */
export async function keptServiceKeysForRotation(sql: Query, current: Keyring, next: Keyring): Promise<{ name: string; wrapped: Buffer | null }[]> {
  const rows = [];
  for (const { purpose, name, stillNeeded } of KEPT_SERVICE_KEYS) {
    const [{ needed }] = (await sql.query<{ needed: boolean }>(stillNeeded)) as [{ needed: boolean }];
    rows.push({ name, wrapped: needed ? next.wrapKey(Buffer.concat(current.serviceKeysOf(purpose)), vaultKeyAad(name)) : null });
  }
  return rows;
}
