// Rows of vault_keys: installation-wide keys wrapped by the master key, and markers of key operations.
// Each name is also its AAD, so a row's value cannot be passed off as another's.
import type { SqlClient } from '../db/connect';

export const VAULT_KEY = {
  /** Root of the service keys (session signing, TOTP sealing, backup-code hashing, idempotency records). */
  service: 'service',
  /** Backup-code hashing keys kept from replaced service roots, 32 bytes each (see rotate-master). */
  legacyBackupCodes: 'service/backup-codes/legacy',
  /** Pending-charge sealing keys kept from replaced service roots, 32 bytes each (see rotate-master). */
  legacyPendingCharges: 'service/checkout-pending-charge/legacy',
  /** The key of stored secret hashes (API keys, service keys, reset and invitation tokens); never replaced. */
  secretHash: 'secret-hash',
  /** The audit chain's HMAC key. */
  auditChain: 'audit-chain',
  /** Present while `vault keys rotate-master` runs: its value is wrapped by the new master key. */
  masterRotation: 'master-rotation',
  /** Present once every ciphertext is bound to its owner (the start-up re-seal finished). */
  ownerBinding: 'owner-binding',
} as const;

export const vaultKeyAad = (name: string) => `vault-key:${name}`;

type Query = Pick<SqlClient, 'query'>;

export async function readVaultKey(sql: Query, name: string): Promise<Uint8Array | null> {
  const [row] = await sql.query<{ wrapped: Uint8Array }>('SELECT wrapped FROM vault_keys WHERE name = $1', [name]);
  return row?.wrapped ?? null;
}

/** Inserts unless present (several nodes may start at once); returns the stored value, theirs or ours. */
export async function insertVaultKey(sql: Query, name: string, wrapped: Uint8Array): Promise<Uint8Array> {
  await sql.query('INSERT INTO vault_keys (name, wrapped) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, wrapped]);
  return (await readVaultKey(sql, name))!;
}

export async function writeVaultKey(sql: Query, name: string, wrapped: Uint8Array): Promise<void> {
  await sql.query(
    `INSERT INTO vault_keys (name, wrapped) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET wrapped = EXCLUDED.wrapped, updated_at = now()`,
    [name, wrapped],
  );
}

export async function deleteVaultKey(sql: Query, name: string): Promise<void> {
  await sql.query('DELETE FROM vault_keys WHERE name = $1', [name]);
}
