// The database answers: PostgreSQL at DATABASE_URL (with its latency), or the embedded PGlite folder.
// Opens a connection only: never migrates, never creates the embedded database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import { connectDatabase, type Database } from '../../db/connect';
import { fail, ok, warn, type CheckResult } from './check-result';
import { maskUrl } from './mask-url';

/** Doctor waits at most this long for the database, whatever DATABASE_QUERY_TIMEOUT_MS says. */
const DOCTOR_TIMEOUT_MS = 5_000;

type Found = { db: Database | null; result: CheckResult };

export async function checkDatabase(config: Config): Promise<Found> {
  return config.DATABASE_URL ? checkPostgres(config.DATABASE_URL, config) : checkEmbedded(config.VAULT_DATA_DIR);
}

async function checkPostgres(url: string, config: Config): Promise<Found> {
  const where = maskUrl(url);
  const db = await connectDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 2, queryTimeoutMs: Math.min(config.DATABASE_QUERY_TIMEOUT_MS, DOCTOR_TIMEOUT_MS), pooler: config.DATABASE_POOLER });
  try {
    const started = performance.now();
    const [row] = await db.sql.query<{ server_version: string }>('SHOW server_version');
    const latency = performance.now() - started;
    return { db, result: ok('database', `PostgreSQL ${row?.server_version ?? ''} at ${where} answers (${latency.toFixed(0)} ms, connection included)`) };
  } catch (error) {
    await db.close().catch(() => {});
    return { db: null, result: fail('database', `PostgreSQL at ${where} does not answer: ${errorText(error)}`, postgresFix(error)) };
  }
}

/**
 * DATABASE_DIRECT_URL (with DATABASE_POOLER=pgbouncer): the session the server migrates and LISTENs over. The
 * server does not start when it does not answer, so it is a check of its own; one plain connection, closed.
 */
export async function checkDirectDatabase(url: string, config: Config): Promise<CheckResult> {
  const name = 'direct database';
  const where = `DATABASE_DIRECT_URL: PostgreSQL at ${maskUrl(url)}`;
  const { default: pg } = await import('pg');
  const timeoutMs = Math.min(config.DATABASE_QUERY_TIMEOUT_MS, DOCTOR_TIMEOUT_MS);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {});
  try {
    const started = performance.now();
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    const latency = performance.now() - started;
    return ok(name, `DATABASE_DIRECT_URL: PostgreSQL ${rows[0]?.server_version ?? ''} at ${maskUrl(url)} answers (${latency.toFixed(0)} ms, connection included)`);
  } catch (error) {
    return fail(name, `${where} does not answer: ${errorText(error)}`, `${postgresFix(error, 'DATABASE_DIRECT_URL')} (the server migrates and LISTENs through it: it will not start without it)`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkEmbedded(dataDir: string): Promise<Found> {
  if (!existsSync(join(dataDir, 'pgdata'))) {
    return { db: null, result: warn('database', `no embedded database in ${dataDir} yet`, 'run `vault migrate` (or start the server) to create it; set DATABASE_URL to use PostgreSQL instead') };
  }
  try {
    const db = await connectDatabase({ dataDir, poolSize: 1 });
    return { db, result: ok('database', `embedded PGlite in ${dataDir} opens`) };
  } catch (error) {
    const inUse = /in use by process/.test(errorText(error));
    return inUse
      ? { db: null, result: warn('database', errorText(error), 'stop the server to run the checks that read the database (GET /ready reports it while it runs)') }
      : { db: null, result: fail('database', `the embedded database in ${dataDir} does not open: ${errorText(error)}`, 'check the folder\'s owner and permissions, and restore it from a backup if it is damaged') };
  }
}

function errorText(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  return message || code || String(error);
}

/** The fix for a PostgreSQL connection error, by its code (Node's errno or PostgreSQL's SQLSTATE). */
export function postgresFix(error: unknown, variable = 'DATABASE_URL'): string {
  const { code, message = '' } = error as { code?: string; message?: string };
  if (code === 'ECONNREFUSED') return `start PostgreSQL, or correct the host and port in ${variable}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `correct the host name in ${variable} (it does not resolve)`;
  if (code === '28P01' || code === '28000') return `correct the user and password in ${variable} (and pg_hba.conf on the server)`;
  if (code === '3D000') return `create the database (\`createdb NAME\`), or correct its name in ${variable}`;
  if (/timeout|timed out/i.test(message)) return `check the host and port in ${variable} and that no firewall drops the connection`;
  if (/ssl|tls|certificate/i.test(message)) return `match the server's TLS settings: \`?sslmode=require\` in ${variable}, and NODE_EXTRA_CA_CERTS for a private CA`;
  return `check ${variable} and that PostgreSQL accepts connections from this host`;
}
