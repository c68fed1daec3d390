import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { boundPoolWaits, maxPoolWaiting, POOL_QUEUE_FULL_MESSAGE, type DeadlineCarrier } from './bounded-pool';
import { timeBoundClientClass } from './pg-client';

/** A pool stand-in: `connect` hands out `client` (after `delayMs`), and says how many wait. */
function fakePool(client: object, waiting: number, delayMs = 0) {
  return {
    waitingCount: waiting,
    connect(callback?: (error: Error | undefined, client: object, release: () => void) => void) {
      const handOut = new Promise<object>((resolve) => setTimeout(() => resolve(client), delayMs));
      if (!callback) return handOut;
      void handOut.then((value) => callback(undefined, value, () => {}));
      return undefined;
    },
  } as unknown as pg.Pool;
}

describe('boundPoolWaits', () => {
  it('refuses at once when maxWaiting callers already wait, with the message the API maps to 503', async () => {
    const pool = fakePool({}, 100);
    boundPoolWaits(pool, { timeoutMs: 5_000, maxWaiting: 100 });
    await expect(pool.connect()).rejects.toThrow(POOL_QUEUE_FULL_MESSAGE);
    const viaCallback = await new Promise<Error | undefined>((resolve) => pool.connect((error) => resolve(error)));
    expect(viaCallback?.message).toBe(POOL_QUEUE_FULL_MESSAGE);
  });

  it('gives the connection the deadline of the caller who waited for it, the wait included', async () => {
    const client: DeadlineCarrier = {};
    const pool = fakePool(client, 0, 50);
    boundPoolWaits(pool, { timeoutMs: 1_000, maxWaiting: 100 });
    const askedAt = performance.now();
    await pool.connect();
    expect(client.firstStatementDeadline).toBeGreaterThanOrEqual(askedAt + 1_000);
    expect(client.firstStatementDeadline).toBeLessThan(askedAt + 1_050);
  });

  it('lets ten callers per connection wait, at least 100', () => {
    expect(maxPoolWaiting(3)).toBe(100);
    expect(maxPoolWaiting(20)).toBe(200);
  });
});

describe('the first statement on a connection gets what is left of the budget', () => {
  // The client's query is never sent: `submit`-less configs are inspected on their way in.
  const Client = timeBoundClientClass(pg);
  const seen: unknown[][] = [];
  class Inspected extends Client {
    inspect(...args: unknown[]) {
      (this as unknown as { withBudgetLeft(args: unknown[]): void }).withBudgetLeft(args);
      seen.push(args);
    }
  }

  it('as a config object with query_timeout for text and values; once only', () => {
    const client = new Inspected();
    (client as unknown as DeadlineCarrier).firstStatementDeadline = performance.now() + 800;
    client.inspect('SELECT $1', [1]);
    client.inspect('SELECT 2');
    const [first, second] = seen.splice(0);
    const config = first![0] as { text: string; values: unknown[]; query_timeout: number };
    expect(config).toMatchObject({ text: 'SELECT $1', values: [1] });
    expect(config.query_timeout).toBeGreaterThan(700);
    expect(config.query_timeout).toBeLessThanOrEqual(800);
    expect(second).toEqual(['SELECT 2']);
  });

  it('on a copy of a config object, never on the caller\'s own', () => {
    const client = new Inspected();
    (client as unknown as DeadlineCarrier).firstStatementDeadline = performance.now() + 500;
    const config = { text: 'SELECT 1', rowMode: 'array' };
    client.inspect(config);
    const sent = seen.splice(0)[0]![0] as { text: string; rowMode: string; query_timeout: number };
    expect(sent).toMatchObject({ text: 'SELECT 1', rowMode: 'array' });
    expect(sent.query_timeout).toBeGreaterThan(400);
    expect(config).toEqual({ text: 'SELECT 1', rowMode: 'array' });
  });

  it('on a named statement (a pg Query), and at least 1 ms once the budget is spent', () => {
    const client = new Inspected();
    (client as unknown as DeadlineCarrier).firstStatementDeadline = performance.now() - 10;
    const query = new pg.Query('SELECT 1');
    client.inspect(query);
    expect((seen.splice(0)[0]![0] as { query_timeout: number }).query_timeout).toBe(1);
  });
});
