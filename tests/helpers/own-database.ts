// A whole database for one test file, for tests that act on the installation (master key rotation, the
// start-up re-seal): a migrated scratch PostgreSQL database when the run has one, else an embedded PGlite
// data folder on disk (so that a second runtime can reopen it after the first is closed).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { connectDatabase } from '../../lib/db/connect';
import { databaseEnv } from './database-route';
import { createScratchDatabase } from './scratch-database';

export type OwnDatabase = { env: Record<string, string>; drop(): Promise<void> };

export async function ownDatabase(): Promise<OwnDatabase> {
  const base = inject('databaseUrl');
  const env = { VAULT_MASTER_KEY: randomBytes(32).toString('base64'), REDIS_KEY_PREFIX: `vault-test-${randomBytes(4).toString('hex')}:` };
  if (base) {
    const database = await createScratchDatabase(base);
    const db = await connectDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 });
    await db.migrate();
    await db.close();
    return { env: { ...env, ...databaseEnv(database.url) }, drop: () => database.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'vault-own-db-'));
  return { env: { ...env, VAULT_DATA_DIR: join(dir, 'data') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
