// The key of stored secret hashes (API keys, merchant service keys, reset and invitation tokens): random per
// installation, stored in vault_keys wrapped by the master key (re-wrapped, never replaced, by
// `vault keys rotate-master`, so issued keys keep working). A database writer without the master key cannot
// compute the hash of a key it chose, so a row it inserts authenticates nobody.
// Start-up step: the first start after this release creates the key and converts every stored plain SHA-256
// to HMAC(key, sha256) in the same transaction, so the key row exists exactly when every hash is keyed: a
// crash leaves both untouched, and a second node starting at once waits on the key row and converts nothing.
import { randomBytes } from 'node:crypto';
import type { Keyring } from '../crypto/keyring';
import type { Database, SqlClient } from '../db/connect';
import { VAULT_KEY, readVaultKey, vaultKeyAad } from './vault-keys';

/** The columns holding a hashed secret (`token_hash` holds reset and invitation tokens). */
const HASHED_COLUMNS = [
  { table: 'applications', column: 'key_hash' },
  { table: 'applications', column: 'previous_key_hash' },
  { table: 'merchants', column: 'key_hash' },
  { table: 'merchants', column: 'previous_key_hash' },
  { table: 'password_reset_tokens', column: 'token_hash' },
] as const;

async function keyStoredHashes(tx: Pick<SqlClient, 'query'>, keyring: Keyring): Promise<number> {
  let total = 0;
  for (const { table, column } of HASHED_COLUMNS) {
    const rows = await tx.query<{ id: string; digest: string }>(`SELECT id, ${column} AS digest FROM ${table} WHERE ${column} IS NOT NULL FOR UPDATE`);
    if (!rows.length) continue;
    await tx.query(
      `UPDATE ${table} AS t SET ${column} = s.keyed FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::text[]) AS keyed) AS s WHERE t.id = s.id`,
      [rows.map((row) => row.id), rows.map((row) => keyring.keyDigest(row.digest))],
    );
    total += rows.length;
  }
  return total;
}

/** Loads the secret-hash key, creating it (and keying every stored hash) on the first start. Returns how many hashes were converted. */
export async function loadSecretHashKey(runtime: { db: Pick<Database, 'sql'>; keyring: Keyring }): Promise<number> {
  const { sql } = runtime.db;
  const aad = vaultKeyAad(VAULT_KEY.secretHash);
  let wrapped = await readVaultKey(sql, VAULT_KEY.secretHash);
  let converted = 0;
  if (!wrapped) {
    wrapped = await sql.transaction(async (tx) => {
      const candidate = runtime.keyring.wrapKey(randomBytes(32), aad);
      const inserted = await tx.query('INSERT INTO vault_keys (name, wrapped) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name', [VAULT_KEY.secretHash, candidate]);
      // Another node inserted it first (our insert waited for its commit): its hashes are keyed already.
      if (!inserted.length) return (await readVaultKey(tx, VAULT_KEY.secretHash))!;
      runtime.keyring.useSecretHashKey(runtime.keyring.unwrapKey(candidate, aad));
      converted = await keyStoredHashes(tx, runtime.keyring);
      return candidate;
    });
  }
  runtime.keyring.useSecretHashKey(runtime.keyring.unwrapKey(wrapped, aad));
  return converted;
}
