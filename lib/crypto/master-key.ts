// The master key wraps every project data key. It lives outside the database: in VAULT_MASTER_KEY, or
// (embedded default only) in <VAULT_DATA_DIR>/master.key, generated on first start with mode 0600.
// VAULT_MASTER_KEY wins in both modes (the embedded one included: no file is generated then). A master.key
// that holds another key than VAULT_MASTER_KEY is refused at start: the data it wrapped would be unreadable.
// In production (NODE_ENV=production) the embedded mode with the file beside the database is warned about at
// start (masterKeyWarning): a copy of the data folder then holds both the ciphertext and its key.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

type KeyConfig = Pick<Config, 'VAULT_MASTER_KEY' | 'VAULT_DATA_DIR' | 'embedded'>;

/** Where the embedded mode keeps its generated master key. */
export function masterKeyFile(config: Pick<Config, 'VAULT_DATA_DIR'>): string {
  return join(config.VAULT_DATA_DIR, 'master.key');
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a base64 32-byte key`);
  return key;
}

export function loadMasterKey(config: KeyConfig): Buffer {
  const file = masterKeyFile(config);
  if (config.VAULT_MASTER_KEY) {
    const key = Buffer.from(config.VAULT_MASTER_KEY, 'base64');
    if (config.embedded && existsSync(file) && !timingSafeEqual(readKeyFile(file), key)) {
      throw new Error(
        `VAULT_MASTER_KEY differs from the key in ${file}, which wrapped this data folder's keys: set VAULT_MASTER_KEY to that file's content (then delete the file), or unset VAULT_MASTER_KEY`,
      );
    }
    return key;
  }
  if (!config.embedded) {
    throw new Error('VAULT_MASTER_KEY is required with DATABASE_URL (every node sharing the database must use the same key)');
  }
  if (existsSync(file)) return readKeyFile(file);
  mkdirSync(config.VAULT_DATA_DIR, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

/**
 * The start-up warning of a production server whose master key is the embedded file beside the database
 * (NODE_ENV=production, no DATABASE_URL, no VAULT_MASTER_KEY); null otherwise.
 */
export function masterKeyWarning(config: KeyConfig & Pick<Config, 'NODE_ENV'>): string | null {
  if (config.NODE_ENV !== 'production' || !config.embedded || config.VAULT_MASTER_KEY) return null;
  return [
    `WARNING: embedded mode in production: the master key is the file ${masterKeyFile(config)}, in the same folder as the database (${config.VAULT_DATA_DIR}).`,
    'Anyone with a copy of that folder (a backup, a disk snapshot, a stolen volume) can decrypt every stored card.',
    'Set VAULT_MASTER_KEY (32 bytes, base64, from a secret manager: the content of that file, then delete the file), and prefer DATABASE_URL (PostgreSQL) with REDIS_URL for production.',
  ].join('\n');
}
