// Every node migrates at start: the schema engine's advisory lock must be gone once a node's migrations are
// applied, or the next node to start waits for it (10 s, then fails). PostgreSQL only (PGlite has one
// process by design); a scratch database of its own, so its locks are only this test's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/helpers/scratch-database';
import { connectDatabase, type Database } from './connect';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('the migration lock (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  const opened: Database[] = [];
  const open = async () => {
    const db = await connectDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 1 });
    opened.push(db);
    return db;
  };
  const advisoryLocks = async (db: Database) =>
    db.sql.query<{ objid: string }>("SELECT objid::text FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!);
  });
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    await scratch?.drop();
  });

  it('is released when the migrations are applied, while the node keeps running', async () => {
    const first = await open();
    expect((await first.migrate()).length).toBeGreaterThan(0);
    expect(await advisoryLocks(first)).toEqual([]);
    // A second node (its own pools) finds nothing to apply and leaves no lock either.
    const second = await open();
    expect(await second.migrate()).toEqual([]);
    expect(await advisoryLocks(second)).toEqual([]);
  });
});
