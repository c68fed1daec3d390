import * as pgliteModule from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preparedStatements, type PreparedQuery } from './pglite-prepared';

let pglite: PGlite;
let prepared: PreparedQuery;
const outside = { inTransaction: false };

beforeAll(async () => {
  pglite = await PGlite.create('memory://');
  await pglite.exec(`CREATE TABLE items (id uuid PRIMARY KEY, n int NOT NULL CHECK (n >= 0), ok boolean, at timestamptz, raw bytea, doc jsonb, note text)`);
  prepared = preparedStatements(pglite, pgliteModule);
});

afterAll(async () => {
  await pglite.close();
});

const INSERT = 'INSERT INTO items (id, n, ok, at, raw, doc, note) VALUES ($1::uuid, $2::int, $3::boolean, $4::timestamptz, $5::bytea, $6::jsonb, $7::text) RETURNING *';
const row = (id: string, n: number) => [id, n, true, new Date('2026-11-28T01:02:03.456Z'), Buffer.from([0, 1, 254, 255]), { a: [1, 'x'] }, null];

describe('PGlite prepared statements', () => {
  it('returns what query() returns, types included, and parses the statement only once', async () => {
    const spy = vi.spyOn(pglite, 'execProtocolStream');
    const [first] = await prepared<Record<string, unknown>>(INSERT, row('00000000-0000-4000-8000-000000000001', 1), 'insert_item', outside);
    expect(spy).toHaveBeenCalledTimes(2); // Parse + Describe, then Bind + Execute
    const [second] = await prepared<Record<string, unknown>>(INSERT, row('00000000-0000-4000-8000-000000000002', 2), 'insert_item', outside);
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
    expect(first).toEqual({
      id: '00000000-0000-4000-8000-000000000001', n: 1, ok: true, at: new Date('2026-11-28T01:02:03.456Z'),
      raw: new Uint8Array([0, 1, 254, 255]), doc: { a: [1, 'x'] }, note: null,
    });
    const { rows } = await pglite.query('SELECT * FROM items WHERE id = $1', ['00000000-0000-4000-8000-000000000002']);
    expect(second).toEqual(rows[0]);
  });

  it('rejects with the database error of a bad row, and the next call on the same name works', async () => {
    await expect(prepared(INSERT, row('00000000-0000-4000-8000-000000000003', -1), 'insert_item', outside)).rejects.toMatchObject({ code: '23514' });
    await expect(prepared(INSERT, row('00000000-0000-4000-8000-000000000001', 5), 'insert_item', outside)).rejects.toMatchObject({ code: '23505' });
    const [inserted] = await prepared<{ n: number }>(INSERT, row('00000000-0000-4000-8000-000000000003', 3), 'insert_item', outside);
    expect(inserted?.n).toBe(3);
  });

  it('a statement that does not parse fails the same way every time (the name is never half-held)', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(prepared('SELEC 1', [], 'broken', outside)).rejects.toMatchObject({ code: '42601' });
    }
    expect((await pglite.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('outside a transaction, waits for an open one to end instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, n) VALUES ($1, 10)', ['00000000-0000-4000-8000-00000000000a']);
      await held;
      await tx.rollback();
    });
    await new Promise((resolve) => setImmediate(resolve));
    const outsideCall = prepared(INSERT, row('00000000-0000-4000-8000-00000000000b', 11), 'insert_item', outside);
    release();
    await transaction;
    await outsideCall;
    const { rows } = await pglite.query<{ n: number }>(`SELECT n FROM items WHERE n IN (10, 11) ORDER BY n`);
    expect(rows).toEqual([{ n: 11 }]); // the rollback took only the transaction's own row
  });

  it('inside a transaction, runs in it: rolled back with it', async () => {
    await expect(
      pglite.transaction(async () => {
        await prepared(INSERT, row('00000000-0000-4000-8000-00000000000c', 12), 'insert_item', { inTransaction: true });
        expect((await prepared<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE n = $1::int', [12], 'count_n', { inTransaction: true }))[0]).toEqual({ n: 1 });
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect((await prepared<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE n = $1::int', [12], 'count_n', outside))[0]).toEqual({ n: 0 });
  });
});
