// The audit chain's HMAC keys: random per installation, stored in vault_keys wrapped by the master key
// (re-wrapped by `vault keys rotate-master`), so nobody with the database alone can compute a row's or a
// seal's MAC. One key per epoch (lib/audit/audit-epochs.ts): epoch 1 under `audit-chain`, each later one
// under `audit-chain/epoch/<n>`. Every epoch's key is loaded (verify checks old seals); the newest signs.
import { randomBytes } from 'node:crypto';
import type { Keyring } from '../crypto/keyring';
import type { Database, SqlClient } from '../db/connect';
import { VAULT_KEY, insertVaultKey, vaultKeyAad } from '../keys/vault-keys';

const EPOCH_PREFIX = `${VAULT_KEY.auditChain}/epoch/`;

/** The vault_keys name of an epoch's key. */
export const chainKeyName = (epoch: number) => (epoch === 1 ? VAULT_KEY.auditChain : `${EPOCH_PREFIX}${epoch}`);

/** Every stored epoch's wrapped key, oldest first. */
export async function readChainKeys(sql: Pick<SqlClient, 'query'>): Promise<{ epoch: number; name: string; wrapped: Uint8Array }[]> {
  const rows = await sql.query<{ name: string; wrapped: Uint8Array }>('SELECT name, wrapped FROM vault_keys WHERE name = $1 OR starts_with(name, $2)', [
    VAULT_KEY.auditChain,
    EPOCH_PREFIX,
  ]);
  return rows
    .map((row) => ({ ...row, epoch: row.name === VAULT_KEY.auditChain ? 1 : Number(row.name.slice(EPOCH_PREFIX.length)) }))
    .filter((row) => Number.isSafeInteger(row.epoch) && row.epoch >= 1)
    .sort((a, b) => a.epoch - b.epoch);
}

export async function loadAuditChainKey(runtime: { db: Pick<Database, 'sql'>; keyring: Keyring }): Promise<void> {
  const stored = await readChainKeys(runtime.db.sql);
  if (stored.length === 0) {
    const name = chainKeyName(1);
    stored.push({ epoch: 1, name, wrapped: await insertVaultKey(runtime.db.sql, name, runtime.keyring.wrapKey(randomBytes(32), vaultKeyAad(name))) });
  }
  for (const key of stored) runtime.keyring.useAuditChainKey(runtime.keyring.unwrapKey(key.wrapped, vaultKeyAad(key.name)), key.epoch);
}
