// The master key is configured, well-formed, and opens this database's keys: what a start checks
// (lib/crypto/master-key.ts, lib/keys/service-root.ts), without generating a key file or writing a key row.
import { existsSync } from 'node:fs';
import type { Config } from '../../config';
import { Keyring } from '../../crypto/keyring';
import { loadMasterKey, masterKeyFile, masterKeyWarning } from '../../crypto/master-key';
import type { Database } from '../../db/connect';
import { ROTATION_UNFINISHED } from '../../keys/service-root';
import { VAULT_KEY, readVaultKey, vaultKeyAad } from '../../keys/vault-keys';
import { fail, ok, warn, type CheckResult } from './check-result';

const NAME = 'master key';
const WRONG_KEY_FIX = 'configure the key this database was set up with (after `vault keys rotate-master`: the new one) on every node';

/** `db` is null when the database could not be opened: only the key's own form is checked then. */
export async function checkMasterKey(config: Config, db: Database | null): Promise<CheckResult> {
  const file = masterKeyFile(config);
  const keys = db && (await hasKeyTable(db)) ? db : null;
  const service = keys ? await readVaultKey(keys.sql, VAULT_KEY.service) : null;
  if (!config.VAULT_MASTER_KEY && config.embedded && !existsSync(file)) {
    return service
      ? fail(NAME, `${file} is missing, but this database's keys were wrapped by a master key`, `restore ${file} from your backup, or set VAULT_MASTER_KEY to that key`)
      : ok(NAME, `none yet: the first start generates ${file}`);
  }
  let key: Buffer;
  try {
    key = loadMasterKey(config);
  } catch (error) {
    return fail(NAME, (error as Error).message, config.VAULT_MASTER_KEY ? WRONG_KEY_FIX : 'set VAULT_MASTER_KEY (32 bytes, base64: `openssl rand -base64 32` for a new installation)');
  }
  const source = config.VAULT_MASTER_KEY ? 'VAULT_MASTER_KEY' : file;
  if (!db) return warn(NAME, `${source} is well-formed; not checked against the database (not reachable)`, 'fix the database first, then run `vault doctor` again');
  if (keys && (await readVaultKey(keys.sql, VAULT_KEY.masterRotation))) return fail(NAME, 'a master key rotation did not finish', ROTATION_UNFINISHED.replace(/^a master key rotation did not finish: /, ''));
  if (!service) return ok(NAME, `${source} is well-formed; the database holds no keys yet (the first start creates them)`);
  try {
    new Keyring(key).unwrapKey(service, vaultKeyAad(VAULT_KEY.service));
  } catch {
    return fail(NAME, `${source} does not open this database's keys: it is not the key this database was set up with`, WRONG_KEY_FIX);
  }
  const besideTheData = masterKeyWarning(config) !== null;
  if (besideTheData) return warn(NAME, `${file} opens this database's keys, but it lies beside the database in production`, 'set VAULT_MASTER_KEY from a secret manager (the file\'s content), delete the file, and prefer DATABASE_URL');
  return ok(NAME, `${source} opens this database's keys`);
}

/** An unmigrated database has no vault_keys table yet (the migrations check reports that). */
async function hasKeyTable(db: Database): Promise<boolean> {
  const [row] = await db.sql.query<{ present: boolean }>("SELECT to_regclass('vault_keys') IS NOT NULL AS present");
  return row?.present === true;
}
