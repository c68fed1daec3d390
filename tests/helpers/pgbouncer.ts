// A real PgBouncer (Debian's `pgbouncer`, 1.18 here) in transaction pooling mode on a free loopback port,
// in front of the PostgreSQL server a URL names: every database on that server is reachable through it
// under the same name (a `*` entry), with the URL's user (trust auth, as the machine's PostgreSQL).
// Started as a child process (not a daemon) from a generated ini in a temporary folder; as root it drops to
// `nobody` (`-u`), since PgBouncer refuses to run as root.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { routeTestDatabases } from './database-route';
import { freePort } from './spawn-server';
import { systemBinary } from './system-binary';

export type PgBouncer = {
  port: number;
  /** `directUrl` (a database on the target server) with PgBouncer's address instead. */
  urlFor(directUrl: string): string;
  /** Runs a command on the admin console (`PAUSE db`, `RESUME db`, `SHOW POOLS`…). */
  admin(command: string): Promise<Record<string, unknown>[]>;
  /** Everything PgBouncer logged so far. */
  output(): string;
  stop(): Promise<void>;
};

export type PgBouncerOptions = {
  /** Any PostgreSQL URL on the server to pool (its host, port and user are used). */
  target: string;
  /** Server connections per database (PgBouncer's default_pool_size). */
  poolSize?: number;
};

const STARTUP_TIMEOUT_MS = 10_000;

/** PgBouncer, or undefined when the binary is missing outside CI (after a loud warning; CI fails instead). */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer | undefined> {
  const binary = systemBinary('pgbouncer');
  if (!binary) return undefined;
  const target = new URL(options.target);
  const user = decodeURIComponent(target.username) || 'postgres';
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vault-pgbouncer-'));
  // Readable by `nobody` once PgBouncer drops root; nothing secret in it (trust auth, no passwords).
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname.replace(/^\[|\]$/g, '')} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      // No Unix socket: only the loopback port (and nothing left in /tmp).
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      `default_pool_size = ${options.poolSize ?? 10}`,
      // A client waiting for a server connection fails after this, instead of hanging a test to its time-out.
      'query_wait_timeout = 20',
      'logfile =',
      'pidfile =',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const args = [...(process.getuid?.() === 0 ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test worker that dies does not leave PgBouncer behind.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`pgbouncer did not start in ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS);
      const check = () => {
        if (!output.includes(`listening on 127.0.0.1:${port}`)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stderr!.on('data', check);
      child.stdout!.on('data', check);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`pgbouncer exited before listening:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const urlFor = (directUrl: string) => {
    const url = new URL(directUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };
  return {
    port,
    urlFor,
    async admin(command) {
      const url = new URL(urlFor(options.target));
      url.pathname = '/pgbouncer';
      // The admin console speaks only the simple query protocol.
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(command)).rows;
      } finally {
        await client.end();
      }
    },
    output: () => output,
    stop,
  };
}

/**
 * For the enclosing describe: PgBouncer in front of `target`'s server, started before its tests, and every
 * test vault (and own database) of the file routed through it with DATABASE_POOLER=pgbouncer and the
 * database itself as DATABASE_DIRECT_URL; stopped after. Callers check `systemBinary('pgbouncer')` first.
 */
export function routeThroughPgBouncer(target: string): () => PgBouncer {
  let bouncer: PgBouncer | undefined;
  beforeAll(async () => {
    bouncer = await startPgBouncer({ target });
    if (!bouncer) throw new Error('pgbouncer is not installed');
    const { urlFor } = bouncer;
    routeTestDatabases((directUrl) => ({ DATABASE_URL: urlFor(directUrl), DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: directUrl }));
  });
  afterAll(async () => {
    routeTestDatabases(undefined);
    await bouncer?.stop();
  });
  return () => bouncer!;
}
