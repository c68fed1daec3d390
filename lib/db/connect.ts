// One Prisma client on a driver adapter: PostgreSQL (adapter-pg) when DATABASE_URL is set, otherwise
// embedded PGlite under VAULT_DATA_DIR. Same schema, same migrations, same code above both.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { Logger } from '../logger';
import { PrismaClient } from './generated/client';
import { lockEmbeddedDatabase } from './embedded-lock';
import { applyMigrations } from './migrate';
import { boundPoolWaits, maxPoolWaiting } from './bounded-pool';
import { timeBoundClientClass } from './pg-client';
import { preparedStatements } from './pglite-prepared';

/**
 * Parameterised SQL on the same connections as Prisma, for the few statements on the hot request path
 * (token insert with its audit row, token lookup, batched audit rows): Prisma's query layer costs about
 * a fifth of a request's CPU there (measured with `npm run bench` and --cpu-prof). Everything else uses
 * Prisma.
 */
export type SqlClient = {
  /**
   * `name` makes it a named prepared statement: parsed and planned once per connection (PostgreSQL) or per
   * database (PGlite, lib/db/pglite-prepared.ts) instead of on every call (most of the database's CPU for
   * the hot statements). Constant texts only: a name always stands for the same text.
   * Ignored behind PgBouncer (`pooler: 'pgbouncer'`): there the next statement may run on another server
   * connection, where that name was never prepared.
   */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<Row[]>;
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Pick<SqlClient, 'query'>) => Promise<T>): Promise<T>;
};

/**
 * Secret columns (and the audit chain's bookkeeping) are left out of every Prisma result unless a query
 * selects them by name
 * (`select: { keyHash: true }` or `omit: { keyHash: false }`), so no listing or log can carry them.
 */
const secretColumns = {
  user: { passwordHash: true, mfaSecret: true, mfaPendingSecret: true },
  project: { wrappedDataKey: true, fingerprintKeyWrapped: true, pubKeyHash: true, pubKeyWrapped: true },
  projectDataKey: { wrappedKey: true },
  vaultKey: { wrapped: true },
  application: { keyHash: true, previousKeyHash: true },
  token: { ciphertext: true },
  merchant: { keyHash: true, previousKeyHash: true, processorSealed: true },
  passwordHistory: { passwordHash: true },
  backupCode: { codeHash: true },
  passwordResetToken: { tokenHash: true },
  // Not secret, but chain bookkeeping (and BigInt, which JSON cannot carry): read by name where needed.
  auditLog: { seq: true, chainIndex: true, prevHash: true, hash: true },
} as const;

function createPrismaClient(adapter: SqlMigrationAwareDriverAdapterFactory) {
  return new PrismaClient({ adapter, omit: secretColumns });
}

export type VaultPrismaClient = ReturnType<typeof createPrismaClient>;

export type Database = {
  prisma: VaultPrismaClient;
  sql: SqlClient;
  kind: 'postgresql' | 'pglite';
  /** Applies pending migrations; returns the names applied. */
  migrate(): Promise<string[]>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (sent by any process, delivered when its transaction
   * commits). Best effort: a lost listening connection is reopened after a second; callers also poll.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the request pool's connections right now (GET /metrics); PGlite has no pool. */
  poolStats?: () => PoolStats;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

export type DatabaseOptions = {
  databaseUrl?: string;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize: number;
  /**
   * PostgreSQL (DATABASE_QUERY_TIMEOUT_MS): the longest wait for a query's answer and for a new connection.
   * A query past it fails (503 for the caller) and its connection is dropped and replaced.
   */
  queryTimeoutMs?: number;
  /** Where a dropped connection is reported (once per connection). */
  logger?: Logger;
  /**
   * DATABASE_POOLER: `pgbouncer` when `databaseUrl` is a transaction-mode PgBouncer pool (1.18 has no
   * protocol-level prepared statements): every statement goes unnamed. Prisma's adapter already sends its
   * statements unnamed (adapter-pg names them only with a `statementNameGenerator`, which is not given).
   */
  pooler?: 'none' | 'pgbouncer';
  /**
   * DATABASE_DIRECT_URL: a session of its own (PostgreSQL, or a session-mode pool) for what outlives one
   * transaction: migrations (the schema engine's session-level advisory lock) and LISTEN.
   */
  directUrl?: string;
};

type Listener = Database['listen'];

export const DEFAULT_QUERY_TIMEOUT_MS = 5_000;

export async function connectDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? connectPostgres(options) : connectPglite(options.dataDir);
}

async function connectPostgres(options: DatabaseOptions): Promise<Database> {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const { default: pg } = await import('pg');
  const connectionString = options.databaseUrl;
  const sessionConnectionString = options.directUrl ?? connectionString;
  const timeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  // Every client carries its own 'error' listener from birth (a reset socket on a checked-out client is
  // otherwise an unhandled 'error' event: the process exits) and drops its connection when a query times out.
  const Client = timeBoundClientClass(pg, options.logger);
  const keepAlive = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 };
  const pool = new pg.Pool({ connectionString, max: options.poolSize, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, ...keepAlive, Client });
  // The pool re-emits its idle clients' errors after removing them (the client's own listener has logged
  // it); the next query opens a fresh connection.
  pool.on('error', () => {});
  boundPoolWaits(pool, { timeoutMs, maxWaiting: maxPoolWaiting(options.poolSize) });
  // A named (prepared) statement as pg's own Query object: a plain config object would be copied through
  // property descriptors on every call (pg's normalizeQueryConfig), ~5 µs per query on the hot paths.
  const namedQuery = <Row>(target: { query: unknown }, text: string, values: unknown[] | undefined, name: string) =>
    new Promise<Row[]>((resolve, reject) => {
      const query = Object.assign(new pg.Query(text, values), { name });
      (target.query as (query: unknown, callback: (error: Error | undefined, result: { rows: Row[] }) => void) => void).call(target, query, (error, result) =>
        error ? reject(error) : resolve(result.rows),
      );
    });
  const runQuery = async <Row>(target: import('pg').Pool | import('pg').PoolClient, text: string, values?: unknown[], name?: string) => {
    // Behind PgBouncer in transaction mode every statement goes unnamed (DatabaseOptions.pooler).
    const statement = options.pooler === 'pgbouncer' ? undefined : name;
    return statement ? namedQuery<Row>(target, text, values, statement) : ((await target.query(text, values)).rows as Row[]);
  };
  const sql: SqlClient = {
    query: (text, values, name) => runQuery(pool, text, values, name),
    async transaction(work) {
      const client = await pool.connect();
      // A connection whose ROLLBACK (or COMMIT) failed is in an unknown state: released with the error, the
      // pool closes it instead of handing it out again.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: (text, values, name) => runQuery(client, text, values, name),
        });
        await client.query('COMMIT').catch((error: Error) => {
          broken = error;
          throw error;
        });
        return result;
      } catch (error) {
        if (!broken) await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
  // Migrations get a pool of one connection: the schema engine's session-level advisory lock must be
  // released by the session that took it, which a shared pool does not guarantee.
  // No query time-out here: a migration may rightly run longer than a request's bound.
  const migrationPool = new pg.Pool({ connectionString: sessionConnectionString, max: 1, connectionTimeoutMillis: timeoutMs, ...keepAlive, Client });
  migrationPool.on('error', () => {});
  const listen: Listener = async (channel, onNotify) => {
    let client: InstanceType<typeof pg.Client> | undefined;
    let stopped = false;
    const open = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: sessionConnectionString, ...keepAlive });
      client = next;
      next.on('notification', onNotify);
      next.on('error', () => {
        if (client !== next) return;
        client = undefined;
        void next.end().catch(() => {});
        if (!stopped) setTimeout(() => void open().catch(() => {}), 1_000).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    };
    await open().catch((error: unknown) => {
      options.logger?.warn({ err: error, channel }, 'database LISTEN failed; relying on polling until it reconnects');
      client = undefined;
      if (!stopped) setTimeout(() => void open().catch(() => {}), 1_000).unref();
    });
    return async () => {
      stopped = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    };
  };
  const database = wrap('postgresql', new PrismaPg(pool), sql, listen, async () => {
    if (!pool.ended) await pool.end();
    if (!migrationPool.ended) await migrationPool.end();
  }, withWholeScripts(new PrismaPg(migrationPool), migrationPool), () => releaseMigrationLock(migrationPool));
  const poolStats = () => ({ max: options.poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return Object.assign(database, { poolStats });
}

/**
 * The schema engine takes a session-level advisory lock and never releases it (the Prisma CLI's process
 * exits instead), so the pool's one connection kept it until it idled out after 10 s: other nodes starting
 * meanwhile waited for it, and a third gave up at the engine's 10 s lock time-out. Every node of a
 * deployment migrates at start, so the lock is released as soon as the migrations are applied.
 */
async function releaseMigrationLock(migrationPool: import('pg').Pool): Promise<void> {
  // The pool holds one connection: this runs in the session that took the lock. If that connection is
  // gone, so is the lock, and the migration's own outcome is the one to report.
  await migrationPool.query('SELECT pg_advisory_unlock_all()').catch(() => {});
}

async function connectPglite(dataDir: string): Promise<Database> {
  const pgliteModule = await import('@electric-sql/pglite');
  const { PGlite } = pgliteModule;
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  let location = 'memory://';
  let unlock = () => {};
  if (dataDir !== 'memory://') {
    location = join(dataDir, 'pgdata');
    mkdirSync(location, { recursive: true, mode: 0o700 });
    unlock = lockEmbeddedDatabase(dataDir);
  }
  try {
    const pglite = await PGlite.create(location);
    const prepared = preparedStatements(pglite, pgliteModule);
    const sql: SqlClient = {
      async query<Row>(text: string, values?: unknown[], name?: string) {
        if (name) return prepared<Row>(text, values, name, { inTransaction: false });
        return (await pglite.query<Row>(text, values)).rows;
      },
      transaction: (work) =>
        pglite.transaction((tx) =>
          work({
            async query<Row>(text: string, values?: unknown[], name?: string) {
              if (name) return prepared<Row>(text, values, name, { inTransaction: true });
              return (await tx.query<Row>(text, values)).rows;
            },
          }),
        ),
    };
    const listen: Listener = async (channel, onNotify) => pglite.listen(channel, onNotify).then((unsubscribe) => async () => unsubscribe());
    return wrap('pglite', new PrismaPGlite(pglite), sql, listen, async () => {
      await pglite.close();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * adapter-pg runs a migration script by splitting it on every `;`, which breaks dollar-quoted bodies
 * (plpgsql trigger functions). The script goes instead as one simple-protocol query (on the migration
 * pool's single connection), which PostgreSQL runs statement by statement.
 */
function withWholeScripts(factory: SqlMigrationAwareDriverAdapterFactory, pool: import('pg').Pool): SqlMigrationAwareDriverAdapterFactory {
  const connect = factory.connect.bind(factory);
  return Object.assign(Object.create(factory) as SqlMigrationAwareDriverAdapterFactory, {
    async connect() {
      const adapter = await connect();
      return Object.assign(adapter, {
        async executeScript(script: string) {
          await pool.query(script);
        },
      });
    },
  });
}

function wrap(
  kind: Database['kind'],
  factory: SqlMigrationAwareDriverAdapterFactory,
  sql: SqlClient,
  listen: Listener,
  closeDriver: () => Promise<void>,
  migrationFactory: SqlMigrationAwareDriverAdapterFactory = factory,
  afterMigrate: () => Promise<void> = async () => {},
): Database {
  const prisma = createPrismaClient(factory);
  return {
    prisma,
    sql,
    kind,
    async migrate() {
      try {
        return await applyMigrations(migrationFactory);
      } finally {
        await afterMigrate();
      }
    },
    listen,
    async ping() {
      await sql.query('SELECT 1');
    },
    async close() {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}
