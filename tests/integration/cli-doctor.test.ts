// `npx vault doctor` as an operator runs it: on a healthy installation (PostgreSQL + Redis when the run has
// them, else the embedded default), then with one thing broken at a time. Doctor only reads: a database it
// finds unmigrated stays unmigrated.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../lib/db/connect';
import { lockEmbeddedDatabase } from '../../lib/db/embedded-lock';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { freePort } from '../helpers/spawn-server';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
const baseUrl = inject('databaseUrl');
const dir = mkdtempSync(join(tmpdir(), 'vault-doctor-'));
// A password in the URL (trust auth ignores it) that must never be printed.
const withPassword = (url: string) => Object.assign(new URL(url), { password: 'never-printed-pw' }).toString();

let own: OwnDatabase;
let healthy: Record<string, string>;

/** Exit code and stdout of `vault doctor` under `env` (on top of a clean environment: no inherited vault settings). */
async function doctor(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|REDIS_URL|VAULT_|NODE_EXTRA_CA_CERTS$|NODE_ENV$)/.test(key)));
  try {
    const { stdout } = await run(process.execPath, [cli, 'doctor'], { env: { ...clean, ...env } as NodeJS.ProcessEnv, encoding: 'utf8' });
    return { code: 0, stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, stdout };
  }
}

async function queryOnce(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const line = (stdout: string, name: string) => stdout.split('\n').find((entry) => entry.slice(6).startsWith(name)) ?? '';
const fixOf = (stdout: string, name: string) => {
  const lines = stdout.split('\n');
  return lines[lines.indexOf(line(stdout, name)) + 1] ?? '';
};

beforeAll(async () => {
  own = await ownDatabase();
  healthy = { ...own.env, ...(own.env.DATABASE_URL ? { DATABASE_URL: withPassword(own.env.DATABASE_URL) } : {}), REDIS_URL: process.env.REDIS_URL ?? '', REDIS_KEY_PREFIX: own.env.REDIS_KEY_PREFIX! };
  // The installation as a first start leaves it: migrated, its keys wrapped by the master key.
  await run(process.execPath, [cli, 'migrate'], { env: { ...process.env, ...healthy }, encoding: 'utf8' });
});
afterAll(async () => {
  await own?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npx vault doctor', () => {
  it('a healthy installation: every check ok, exit 0, no secret printed', async () => {
    const { code, stdout } = await doctor(healthy);
    expect(stdout.split('\n').filter((entry) => /^(ok|warn|FAIL|skip) /.test(entry)).map((entry) => entry.slice(0, 22).trimEnd())).toEqual([
      'ok    configuration',
      'ok    public URLs',
      'ok    CA certificates',
      'ok    database',
      'ok    migrations',
      'ok    master key',
      'ok    clock',
      'ok    destinations',
      'ok    store',
    ]);
    expect(stdout).toMatch(/\n\nAll 9 checks passed\.\n$/);
    expect(code).toBe(0);
    expect(line(stdout, 'migrations')).toMatch(/all \d+ applied \(latest \d{14}_\w+\)$/);
    expect(line(stdout, 'master key')).toMatch(/(VAULT_MASTER_KEY) opens this database's keys$/);
    expect(line(stdout, 'store')).toContain(process.env.REDIS_URL ? 'answers PING' : 'in-process store');
    expect(stdout).not.toContain(healthy.VAULT_MASTER_KEY);
    expect(stdout).not.toContain('never-printed-pw');
    if (own.env.DATABASE_URL) expect(line(stdout, 'database')).toContain(':***@');
  });

  it('PostgreSQL on a closed port: FAIL database with the fix; the checks that need it are skipped; exit 1', async () => {
    const url = `postgresql://postgres:never-printed-pw@127.0.0.1:${await freePort()}/vault`;
    const { code, stdout } = await doctor({ ...healthy, DATABASE_URL: url });
    expect(code).toBe(1);
    expect(line(stdout, 'database')).toMatch(/^FAIL {2}database {8}PostgreSQL at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/vault does not answer: connect ECONNREFUSED/);
    expect(fixOf(stdout, 'database')).toBe('      fix: start PostgreSQL, or correct the host and port in DATABASE_URL');
    expect(line(stdout, 'migrations')).toBe('skip  migrations      needs the database');
    expect(stdout).not.toContain('never-printed-pw');
  });

  it.runIf(baseUrl)('behind PgBouncer: DATABASE_DIRECT_URL is checked as a session of its own; closed port → FAIL naming it', async () => {
    const direct = await doctor({ ...healthy, DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: healthy.DATABASE_URL! });
    expect(line(direct.stdout, 'direct database')).toMatch(/^ok {4}direct database DATABASE_DIRECT_URL at postgresql:\/\/postgres:\*\*\*@\S+ answers as a session \(\d+ ms, connection included\)$/);
    expect(direct.code).toBe(0);
    const closed = `postgresql://postgres:never-printed-pw@127.0.0.1:${await freePort()}/vault`;
    const { code, stdout } = await doctor({ ...healthy, DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: closed });
    expect(code).toBe(1);
    expect(line(stdout, 'direct database')).toMatch(/^FAIL {2}direct database DATABASE_DIRECT_URL at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/vault does not answer: connect ECONNREFUSED/);
    expect(fixOf(stdout, 'direct database')).toBe('      fix: start PostgreSQL, or correct the host and port in DATABASE_DIRECT_URL');
    expect(line(stdout, 'migrations')).toMatch(/^ok /);
    expect(stdout).not.toContain('never-printed-pw');
  });

  it('another master key than the one the database was set up with: FAIL master key with the fix', async () => {
    const { code, stdout } = await doctor({ ...healthy, VAULT_MASTER_KEY: randomBytes(32).toString('base64') });
    expect(code).toBe(1);
    expect(line(stdout, 'master key')).toBe("FAIL  master key      VAULT_MASTER_KEY does not open this database's keys: it is not the key this database was set up with");
    expect(fixOf(stdout, 'master key')).toBe('      fix: configure the key this database was set up with (after `vault keys rotate-master`: the new one) on every node');
  });

  it('a malformed setting: FAIL configuration with the messages of the configuration, nothing else checked', async () => {
    const { code, stdout } = await doctor({ ...healthy, VAULT_MASTER_KEY: 'too-short', PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        'FAIL  configuration   PORT: PORT must be a whole number; VAULT_MASTER_KEY: VAULT_MASTER_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)',
        '      fix: set or correct the variables named (docs/production.md, the configuration table); nothing else can be checked until it parses',
        '',
        '1 FAIL, 0 warn: see the fixes above.',
        '',
      ].join('\n'),
    );
  });

  it('NODE_EXTRA_CA_CERTS naming a missing file: FAIL with the fix', async () => {
    const missing = join(dir, 'psp-ca.pem');
    const { code, stdout } = await doctor({ ...healthy, NODE_EXTRA_CA_CERTS: missing });
    expect(code).toBe(1);
    expect(line(stdout, 'CA certificates')).toBe(`FAIL  CA certificates NODE_EXTRA_CA_CERTS=${missing} does not exist: Node ignores it and PSPs signed by that CA are refused`);
    expect(fixOf(stdout, 'CA certificates')).toMatch(/^ {6}fix: point it at the CA's PEM file/);
  });

  it('an embedded database held by a running server: warn, the checks that read it skipped, exit 0', async () => {
    const dataDir = join(dir, 'in-use');
    mkdirSync(join(dataDir, 'pgdata'), { recursive: true });
    const unlock = lockEmbeddedDatabase(dataDir);
    try {
      const { code, stdout } = await doctor({ VAULT_DATA_DIR: dataDir, VAULT_MASTER_KEY: healthy.VAULT_MASTER_KEY! });
      expect(line(stdout, 'database')).toBe(`warn  database        The embedded database in ${dataDir} is in use by process ${process.pid}. Stop it first, or use DATABASE_URL (PostgreSQL) to share a database between processes.`);
      expect(fixOf(stdout, 'database')).toBe('      fix: stop the server to run the checks that read the database (GET /ready reports it while it runs)');
      expect(line(stdout, 'migrations')).toBe('skip  migrations      needs the database');
      expect(code).toBe(0);
    } finally {
      unlock();
    }
  });

  it('an unmigrated database: FAIL migrations with `vault migrate` as the fix; doctor migrates nothing', async () => {
    let scratch: ScratchDatabase | undefined;
    let env: Record<string, string>;
    if (baseUrl) {
      scratch = await createScratchDatabase(baseUrl);
      env = { ...healthy, DATABASE_URL: scratch.url };
    } else {
      // An embedded database that exists but was never migrated.
      const dataDir = join(dir, 'unmigrated');
      await (await connectDatabase({ dataDir, poolSize: 1 })).close();
      env = { ...healthy, VAULT_DATA_DIR: dataDir };
    }
    try {
      const first = await doctor(env);
      expect(first.code).toBe(1);
      expect(line(first.stdout, 'migrations')).toMatch(/^FAIL {2}migrations {6}(\d+) of \1 pending \(\d{14}_init … \d{14}_\w+\)$/);
      expect(fixOf(first.stdout, 'migrations')).toBe('      fix: run `vault migrate` (a server start also applies them)');
      expect(line(first.stdout, 'master key')).toMatch(/^ok {4}master key {6}VAULT_MASTER_KEY is well-formed; the database holds no keys yet/);
      if (scratch) {
        const [row] = await queryOnce(scratch.url, "SELECT to_regclass('_prisma_migrations') IS NULL AS untouched");
        expect(row).toEqual({ untouched: true });
      }
    } finally {
      await scratch?.drop();
    }
  });
  // Last: it adds projects to the healthy installation.
  it('a production project without allowed_proxy_hosts: warn naming it, with the fix; exit 0', async () => {
    const db = await connectDatabase(own.env.DATABASE_URL ? { databaseUrl: own.env.DATABASE_URL, dataDir: 'memory://', poolSize: 1 } : { dataDir: own.env.VAULT_DATA_DIR!, poolSize: 1 });
    let liveId: string;
    try {
      const [account] = await db.sql.query<{ id: string }>("INSERT INTO accounts (id, name) VALUES (gen_random_uuid(), 'Doctor shop') RETURNING id");
      const insert = (name: string, environment: string, hosts: string | null) =>
        db.sql.query<{ id: string }>(
          "INSERT INTO projects (id, account_id, name, environment, wrapped_data_key, allowed_proxy_hosts) VALUES (gen_random_uuid(), $1::uuid, $2, $3::\"Environment\", '\\x00'::bytea, $4::jsonb) RETURNING id",
          [account!.id, name, environment, hosts],
        );
      [{ id: liveId }] = (await insert('Live shop', 'production', null)) as [{ id: string }];
      await insert('Listed live shop', 'production', '["api.psp.example"]');
      await insert('Sandbox', 'test', null);
    } finally {
      await db.close();
    }
    const { code, stdout } = await doctor(healthy);
    expect(line(stdout, 'destinations')).toBe(`warn  destinations    1 project(s) send card data nowhere until allowed_proxy_hosts names a host: "Live shop" (production, ${liveId})`);
    expect(fixOf(stdout, 'destinations')).toBe('      fix: name each one\'s PSP hosts: dashboard Projects → Destinations, or PUT /api/projects/{id} with {"allowed_proxy_hosts": ["api.psp.example"]}');
    expect(code).toBe(0);
    // PROXY_REQUIRE_ALLOW_LIST: the test project without a list is named too.
    const strict = await doctor({ ...healthy, PROXY_REQUIRE_ALLOW_LIST: 'true' });
    expect(line(strict.stdout, 'destinations')).toMatch(/^warn {2}destinations {4}2 project\(s\) .*"Live shop" \(production, .*"Sandbox" \(test, /);
  }, 120_000);
});
