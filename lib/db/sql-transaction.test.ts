// db.sql.transaction on the embedded database, and on PostgreSQL when DATABASE_URL is set (CI): one
// connection for the whole unit, committed when the work resolves, rolled back when it throws.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './connect';

let db: Database;
const table = `tx_test_${process.pid}`;
beforeAll(async () => {
  db = await connectDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: 'memory://', poolSize: 2 });
  await db.sql.query(`CREATE TABLE ${table} (n int)`);
});
afterAll(async () => {
  await db?.sql.query(`DROP TABLE IF EXISTS ${table}`);
  await db?.close();
});

const count = async () => Number((await db.sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

describe(`db.sql.transaction (${process.env.DATABASE_URL ? 'postgresql' : 'pglite'})`, () => {
  it('commits what the work wrote and returns its result', async () => {
    const result = await db.sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} VALUES (1), (2)`);
      return (await tx.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n;
    });
    expect(Number(result)).toBe(2);
    expect(await count()).toBe(2);
  });

  it('rolls everything back when the work throws, and rethrows', async () => {
    await expect(
      db.sql.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} VALUES (3)`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(2);
  });

  it('holds a transaction-scoped advisory lock until it ends', async () => {
    const held = await db.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(424242)');
      return (await tx.query<{ n: string | number }>(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242`))[0]!.n;
    });
    expect(Number(held)).toBe(1);
    expect(Number((await db.sql.query<{ n: string | number }>(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242`))[0]!.n)).toBe(0);
  });
});
