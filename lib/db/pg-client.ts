// pg's Client as the pools use it (lib/db/connect.ts), with what a pool needs to live through a bad network:
// - an 'error' listener from birth. pg-pool listens only to its idle clients: a socket reset on a checked-out
//   client (a transaction between statements, the audit sealer) was an unhandled 'error' event, and with no
//   other handler (VAULT_API_ONLY) the process exited. Now it is logged once; the client's queries fail
//   (503 for the caller), the pool discards it and opens a new connection on next use.
// - the first statement on a connection the pool just handed out gets only what is left of its caller's
//   budget (lib/db/bounded-pool.ts): the wait for the connection counts against DATABASE_QUERY_TIMEOUT_MS.
// - a query past `query_timeout` drops its connection. pg answers the caller but leaves the query active on
//   the connection, so a client given back to the pool (a Prisma transaction's rollback) would hold every
//   later query behind an answer that may never come (a black-holed database).
import type { ClientConfig } from 'pg';
import type { Logger } from '../logger';
import type { DeadlineCarrier } from './bounded-pool';

type Pg = typeof import('pg').default;
type AnyQuery = (...args: unknown[]) => unknown;

/** pg's message when `query_timeout` passes. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/** Safe to log: a connection error's name, code and message (never a server error's detail or values). */
function describe(error: unknown) {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  return { name, code, message };
}

export function timeBoundClientClass(pg: Pg, logger?: Logger) {
  return class TimeBoundClient extends pg.Client {
    private dropped = false;

    constructor(config?: string | ClientConfig) {
      super(config);
      this.on('error', (error: Error) => this.reportDropped(error, 'database connection dropped; a new one replaces it on next use'));
    }

    // `never` satisfies each of pg's overloads; callers keep their own overload's types.
    override query(...args: unknown[]): never {
      const query = super.query as unknown as AnyQuery;
      this.withBudgetLeft(args);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          this.dropAfterTimeout(error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        };
        return query.apply(this, args) as never;
      }
      const result = query.apply(this, args);
      if (result instanceof Promise) result.then(undefined, (error: unknown) => this.dropAfterTimeout(error));
      return result as never;
    }

    /** The first statement after the pool handed this connection out: `query_timeout` is what is left of the caller's budget. */
    private withBudgetLeft(args: unknown[]) {
      const carrier = this as DeadlineCarrier;
      const deadline = carrier.firstStatementDeadline;
      if (deadline === undefined) return;
      carrier.firstStatementDeadline = undefined;
      const query_timeout = Math.max(1, Math.round(deadline - performance.now()));
      const [config, values] = args;
      if (typeof config === 'string') {
        // `query(text, values?, callback?)` as one config object, which is where pg reads a statement's own time-out.
        const withValues = Array.isArray(values);
        args.splice(0, withValues ? 2 : 1, { text: config, ...(withValues ? { values } : {}), query_timeout });
      } else if (config && typeof (config as { submit?: unknown }).submit === 'function') {
        // A pg Query (our named statements: one object per call): pg reads its `query_timeout`.
        (config as { query_timeout?: number }).query_timeout = query_timeout;
      } else if (config && typeof config === 'object') {
        // A config object (Prisma's): a copy, so a caller reusing its object never keeps a shortened time-out.
        args[0] = { ...(config as object), query_timeout };
      }
    }

    private dropAfterTimeout(error: unknown) {
      if (!(error instanceof Error) || error.message !== QUERY_TIMEOUT_MESSAGE) return;
      this.reportDropped(error, 'database query timed out (DATABASE_QUERY_TIMEOUT_MS); its connection is dropped');
      this.connection.stream.destroy();
    }

    private reportDropped(error: unknown, message: string) {
      if (this.dropped) return;
      this.dropped = true;
      logger?.warn({ err: describe(error) }, message);
    }
  };
}
