// The service root key: random per installation, stored in vault_keys wrapped by the master key, and the
// root every service key derives from (keyring.serviceKey). Opening it at start is also the master key
// check: a wrong key, or the old key after `vault keys rotate-master`, is refused before anything is served.
import { randomBytes } from 'node:crypto';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import { readKeptServiceKeys } from './kept-service-keys';
import { VAULT_KEY, insertVaultKey, readVaultKey, vaultKeyAad } from './vault-keys';

export class MasterKeyError extends Error {}

export const ROTATION_UNFINISHED =
  'a master key rotation did not finish: run `vault keys rotate-master --new-key-file <the same new key file>` again, with the current (old) master key configured';

export async function loadServiceRoot(
  runtime: { db: Pick<Database, 'sql'>; keyring: Keyring },
  options: { masterKey: Buffer; duringRotation?: boolean },
): Promise<void> {
  const { sql } = runtime.db;
  if (!options.duringRotation && (await readVaultKey(sql, VAULT_KEY.masterRotation))) throw new MasterKeyError(ROTATION_UNFINISHED);
  let wrapped = await readVaultKey(sql, VAULT_KEY.service);
  if (!wrapped) {
    // An installation from before the service root derived its service keys from the master key itself:
    // keeping that value keeps its sessions, TOTP secrets and backup codes valid. rotate-master replaces it.
    const [row] = await sql.query<{ legacy: boolean }>('SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM projects) AS legacy');
    const root = row?.legacy ? Buffer.from(options.masterKey) : randomBytes(32);
    wrapped = await insertVaultKey(sql, VAULT_KEY.service, runtime.keyring.wrapKey(root, vaultKeyAad(VAULT_KEY.service)));
  }
  let root: Buffer;
  try {
    root = runtime.keyring.unwrapKey(wrapped, vaultKeyAad(VAULT_KEY.service));
  } catch {
    throw new MasterKeyError(
      "the master key does not open this database's keys: it is not the key this database was set up with (after `vault keys rotate-master`, configure the new key)",
    );
  }
  runtime.keyring.useServiceRoot(root, await readKeptServiceKeys(sql, runtime.keyring));
}
