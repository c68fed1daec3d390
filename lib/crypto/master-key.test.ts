// Master key loading: VAULT_MASTER_KEY first (the embedded mode included: no file is made then), else the
// embedded file; a file that disagrees with VAULT_MASTER_KEY is refused; the production warning for a
// master key kept beside the embedded database.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMasterKey, masterKeyFile, masterKeyWarning } from './master-key';

const folders: string[] = [];
function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'vault-master-key-'));
  folders.push(folder);
  return join(folder, 'data');
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const newKey = () => randomBytes(32).toString('base64');

describe('loadMasterKey', () => {
  it('embedded without VAULT_MASTER_KEY: generates master.key (0600) once, then reads it', () => {
    const VAULT_DATA_DIR = dataDir();
    const key = loadMasterKey({ VAULT_DATA_DIR, embedded: true });
    expect(key).toHaveLength(32);
    expect(statSync(masterKeyFile({ VAULT_DATA_DIR })).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ VAULT_DATA_DIR, embedded: true }).equals(key)).toBe(true);
  });

  it('embedded with VAULT_MASTER_KEY: that key, and no file is written beside the database', () => {
    const VAULT_DATA_DIR = dataDir();
    const VAULT_MASTER_KEY = newKey();
    expect(loadMasterKey({ VAULT_DATA_DIR, VAULT_MASTER_KEY, embedded: true }).toString('base64')).toBe(VAULT_MASTER_KEY);
    expect(existsSync(masterKeyFile({ VAULT_DATA_DIR }))).toBe(false);
  });

  it('embedded with VAULT_MASTER_KEY equal to an existing master.key: accepted (the way to move the key out)', () => {
    const VAULT_DATA_DIR = dataDir();
    const key = loadMasterKey({ VAULT_DATA_DIR, embedded: true });
    expect(loadMasterKey({ VAULT_DATA_DIR, VAULT_MASTER_KEY: key.toString('base64'), embedded: true }).equals(key)).toBe(true);
  });

  it('embedded with VAULT_MASTER_KEY different from an existing master.key: refused, naming both', () => {
    const VAULT_DATA_DIR = dataDir();
    loadMasterKey({ VAULT_DATA_DIR, embedded: true });
    expect(() => loadMasterKey({ VAULT_DATA_DIR, VAULT_MASTER_KEY: newKey(), embedded: true })).toThrow(/VAULT_MASTER_KEY differs from the key in .*master\.key/);
  });

  it('with DATABASE_URL: VAULT_MASTER_KEY only, a stray file is never read', () => {
    const VAULT_DATA_DIR = dataDir();
    mkdirSync(VAULT_DATA_DIR, { recursive: true });
    writeFileSync(masterKeyFile({ VAULT_DATA_DIR }), `${newKey()}\n`);
    const VAULT_MASTER_KEY = newKey();
    expect(loadMasterKey({ VAULT_DATA_DIR, VAULT_MASTER_KEY, embedded: false }).toString('base64')).toBe(VAULT_MASTER_KEY);
    expect(() => loadMasterKey({ VAULT_DATA_DIR, embedded: false })).toThrow(/VAULT_MASTER_KEY is required/);
  });
});

describe('masterKeyWarning', () => {
  const base = { VAULT_DATA_DIR: '/srv/vault/data', embedded: true };

  it('production, embedded, key in the file: a warning naming the file, the folder and the fix', () => {
    const warning = masterKeyWarning({ ...base, NODE_ENV: 'production' });
    expect(warning).toContain('WARNING: embedded mode in production');
    expect(warning).toContain(join('/srv/vault/data', 'master.key'));
    expect(warning).toContain('VAULT_MASTER_KEY');
    expect(warning).toContain('DATABASE_URL');
  });

  it.each([
    ['not production', { ...base, NODE_ENV: 'development' }],
    ['NODE_ENV unset', { ...base }],
    ['VAULT_MASTER_KEY set', { ...base, NODE_ENV: 'production', VAULT_MASTER_KEY: newKey() }],
    ['PostgreSQL (not embedded)', { ...base, NODE_ENV: 'production', embedded: false, VAULT_MASTER_KEY: newKey() }],
  ])('none when %s', (_name, config) => {
    expect(masterKeyWarning(config)).toBeNull();
  });
});
