// One time budget per statement, the wait for a pool connection included: a statement asked for at t is
// answered, or fails (503), by t + DATABASE_QUERY_TIMEOUT_MS. Without it a stalled database (connections
// open, nothing delivered) let requests queue behind stuck connections for the acquire time-out and then
// run their own statement for the query time-out again. The connection handed out carries the deadline of
// the request that waited for it; its first statement gets what is left (lib/db/pg-client.ts), later
// statements of a transaction their own full time-out. And the queue is bounded: beyond `maxWaiting`
// callers waiting for a connection, the next one is refused at once rather than queued behind them.
import type { Pool, PoolClient } from 'pg';

/** The error of a caller refused because too many already wait for a connection (mapped to 503). */
export const POOL_QUEUE_FULL_MESSAGE = 'database connection queue is full';

/** When its first statement must have answered (performance.now() ms); set by the pool, read once by the client. */
export type DeadlineCarrier = { firstStatementDeadline?: number };

/** How many callers may wait for a connection: ten per connection, at least 100. */
export const maxPoolWaiting = (poolSize: number) => Math.max(100, poolSize * 10);

type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, release: (error?: Error | boolean) => void) => void;

export function boundPoolWaits(pool: Pool, options: { timeoutMs: number; maxWaiting: number }): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<PoolClient> | undefined;
  const stamp = (client: PoolClient | undefined, askedAt: number) => {
    if (client) (client as PoolClient & DeadlineCarrier).firstStatementDeadline = askedAt + options.timeoutMs;
  };
  // pg-pool's own query() calls this.connect(callback): replacing it on the instance covers pool.query too.
  pool.connect = ((callback?: ConnectCallback) => {
    const askedAt = performance.now();
    if (pool.waitingCount >= options.maxWaiting) {
      const error = new Error(POOL_QUEUE_FULL_MESSAGE);
      if (!callback) return Promise.reject(error);
      process.nextTick(() => callback(error, undefined, () => {}));
      return undefined;
    }
    if (callback) {
      return connect((error, client, release) => {
        if (!error) stamp(client, askedAt);
        callback(error, client, release);
      });
    }
    return (connect() as Promise<PoolClient>).then((client) => {
      stamp(client, askedAt);
      return client;
    });
  }) as Pool['connect'];
}
