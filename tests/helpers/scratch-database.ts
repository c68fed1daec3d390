// A PostgreSQL database of its own, for tests that must own the whole database (bootstrap, the CLI's
// "first project", a master key of their own). Created next to the run's database, dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = { url: string; drop(): Promise<void> };

export async function createScratchDatabase(baseUrl: string): Promise<ScratchDatabase> {
  const name = `vault_scratch_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
