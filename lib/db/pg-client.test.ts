// The PostgreSQL pool through a TCP relay of the test's own (runs where DATABASE_URL is set; only SELECTs):
// a connection reset while a transaction holds it is logged once, never an unhandled 'error' event; a
// black-holed database fails a query within DATABASE_QUERY_TIMEOUT_MS (503 for the caller), the connection
// is dropped and the next query gets a fresh one.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTcpRelay, type TcpRelay } from '../../tests/helpers/tcp-relay';
import { toVaultError } from '../http/map-error';
import type { Logger } from '../logger';
import { connectDatabase, type Database } from './connect';

const databaseUrl = process.env.DATABASE_URL;
const TIMEOUT_MS = 1_000;

describe.runIf(databaseUrl)('PostgreSQL pool behind a relay', () => {
  let relay: TcpRelay;
  let db: Database;
  const warn = vi.fn();

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(databaseUrl!);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    const logger = { warn } as unknown as Logger;
    db = await connectDatabase({ databaseUrl: viaRelay.toString(), dataDir: 'memory://', poolSize: 2, queryTimeoutMs: TIMEOUT_MS, logger });
  });

  afterAll(async () => {
    relay.heal();
    await db.close();
    await relay.close();
  });

  const elapsed = async (work: Promise<unknown>) => {
    const started = performance.now();
    const error = await work.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    return { error, ms: performance.now() - started };
  };

  it('a reset under a transaction that holds its connection: logged once, the transaction fails as 503, the pool replaces it', async () => {
    warn.mockClear();
    const { error } = await elapsed(
      db.sql.transaction(async (tx) => {
        await tx.query('SELECT 1');
        relay.reset();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.query('SELECT 1');
      }),
    );
    expect(toVaultError(error).error).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toBe('database connection dropped; a new one replaces it on next use');
    expect(warn.mock.calls[0]![0]).toMatchObject({ err: { code: 'ECONNRESET' } });
    expect(await db.sql.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('black-holed: raw SQL, a transaction and Prisma each fail within the time-out as 503; healed, the next query works', async () => {
    expect(await db.sql.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    warn.mockClear();
    relay.blackHole();
    try {
      for (const work of [
        () => db.sql.query('SELECT 2'),
        () => db.sql.transaction((tx) => tx.query('SELECT 3')),
        () => db.prisma.$queryRaw`SELECT 4`,
      ]) {
        const { error, ms } = await elapsed(work());
        expect(ms).toBeLessThan(3 * TIMEOUT_MS);
        expect(toVaultError(error).error).toMatchObject({ status: 503, code: 'service_unavailable' });
      }
    } finally {
      relay.heal();
    }
    expect(warn.mock.calls.map((args) => args[1])).toContain('database query timed out (DATABASE_QUERY_TIMEOUT_MS); its connection is dropped');
    expect(await db.sql.query('SELECT 5 AS five')).toEqual([{ five: 5 }]);
    expect(await db.prisma.$queryRaw`SELECT 6 AS six`).toEqual([{ six: 6 }]);
  });
});
