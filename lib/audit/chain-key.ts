// The audit chain's HMAC key: random per installation, stored in vault_keys wrapped by the master key
// (re-wrapped, unchanged, by `vault keys rotate-master`), so the chain survives a master key rotation and
// nobody with the database alone can compute a row's or a seal's MAC.
import { randomBytes } from 'node:crypto';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import { VAULT_KEY, insertVaultKey, readVaultKey, vaultKeyAad } from '../keys/vault-keys';

export async function loadAuditChainKey(runtime: { db: Pick<Database, 'sql'>; keyring: Keyring }): Promise<void> {
  const aad = vaultKeyAad(VAULT_KEY.auditChain);
  const wrapped =
    (await readVaultKey(runtime.db.sql, VAULT_KEY.auditChain)) ??
    (await insertVaultKey(runtime.db.sql, VAULT_KEY.auditChain, runtime.keyring.wrapKey(randomBytes(32), aad)));
  runtime.keyring.useAuditChainKey(runtime.keyring.unwrapKey(wrapped, aad));
}
