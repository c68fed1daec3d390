// The master key wraps every project data key. It lives outside the database: in VAULT_MASTER_KEY, or
// (embedded default only) in <VAULT_DATA_DIR>/master.key, generated on first start with mode 0600.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

export function loadMasterKey(config: Pick<Config, 'VAULT_MASTER_KEY' | 'VAULT_DATA_DIR' | 'embedded'>): Buffer {
  if (config.VAULT_MASTER_KEY) return Buffer.from(config.VAULT_MASTER_KEY, 'base64');
  if (!config.embedded) {
    throw new Error('VAULT_MASTER_KEY is required with DATABASE_URL (every node sharing the database must use the same key)');
  }
  const file = join(config.VAULT_DATA_DIR, 'master.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a base64 32-byte key`);
    return key;
  }
  mkdirSync(config.VAULT_DATA_DIR, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}
