// Production topology: several server processes sharing PostgreSQL + Redis, and failing closed when
// either is unreachable. Runs where DATABASE_URL and REDIS_URL are set (CI); the embedded default is
// covered by embedded-server.test.ts.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { startTcpRelay } from '../helpers/tcp-relay';
import { startTestVault } from '../helpers/test-vault';

const databaseUrl = inject('databaseUrl');
const redisUrl = process.env.REDIS_URL;
const cardWithCvv = { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '321' } };

const post = (url: string, path: string, key: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });

describe.runIf(databaseUrl && redisUrl)('two server processes sharing PostgreSQL + Redis', () => {
  let dir: string;
  let psp: TestPsp;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];
  let apiKey: string;
  let database: ScratchDatabase;

  beforeAll(async () => {
    // Its own database: the CLI takes the first project, and this test has its own master key.
    database = await createScratchDatabase(databaseUrl);
    dir = mkdtempSync(join(tmpdir(), 'vault-shared-'));
    psp = await startTestPsp();
    writeFileSync(join(dir, 'ca.pem'), psp.ca);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      VAULT_MASTER_KEY: randomBytes(32).toString('base64'),
      VAULT_DATA_DIR: join(dir, 'data'),
      NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
      PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost',
    };
    // One at a time, each kept as soon as it runs, so a failed start never leaks the other process.
    servers.push(await spawnServer(env));
    servers.push(await spawnServer(env));
    // The operator CLI on the same configuration gives the key.
    const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
    const output = execFileSync(process.execPath, [cli, 'app', 'create', '--name', 'Shared services', '--json'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    apiKey = JSON.parse(output).api_key;
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await psp.close();
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  it('a CVC session made on one process is used (once) on the other', async () => {
    const [a, b] = servers;
    const created = (await (await post(a!.url, '/tokenize', apiKey, cardWithCvv)).json()) as { token: string; cvc_session_id: string };
    const call = { token: created.token, cvc_session_id: created.cvc_session_id, proxy_url: psp.url('/pay'), request_data: { cvc: '${cvc}' } };
    const onB = await post(b!.url, '/proxy/transaction', apiKey, call);
    expect(onB.status).toBe(200);
    expect(psp.received.at(-1)!.body.toString()).toBe('{"cvc":"321"}');
    const againOnA = await post(a!.url, '/proxy/transaction', apiKey, call);
    expect(againOnA.status).toBe(404);
    expect(((await againOnA.json()) as { error: { message: string } }).error.message).toBe('CVC session expired or not found');
  });

  it('concurrent writes on both processes, whose sealers race, leave one valid audit chain holding every row', async () => {
    const [a, b] = servers;
    const card = { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } };
    const statuses = await Promise.all(Array.from({ length: 300 }, (_, i) => post((i % 2 ? a : b)!.url, '/tokenize', apiKey, card).then((response) => response.status)));
    expect(new Set(statuses)).toEqual(new Set([201]));
    // Both background sealers (every 2 s) get to race over these rows before the operator's check.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
    const verified = execFileSync(process.execPath, [cli, 'audit', 'verify', '--full'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    const checked = Number(/^Audit chain intact: (\d+) rows/.exec(verified)?.[1]);
    expect(checked).toBeGreaterThanOrEqual(300);
    // Every row written so far is sealed (the CLI seals first) and checked.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const [{ n }] = (await client.query<{ n: string }>('SELECT count(*)::text AS n FROM audit_logs')).rows as [{ n: string }];
    await client.end();
    expect(checked).toBe(Number(n));
  });

  it('both processes exit 0 on SIGTERM', async () => {
    const codes = await Promise.all(servers.splice(0).map((server) => server.stop('SIGTERM')));
    expect(codes).toEqual([0, 0]);
  });
});

describe.runIf(databaseUrl)('failing closed', () => {
  it('PostgreSQL unreachable → vault endpoints and /ready answer 503, and recover when it returns', async () => {
    const target = new URL(databaseUrl);
    const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(databaseUrl);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    const vault = await startTestVault({ env: { DATABASE_URL: viaRelay.toString() } });
    try {
      await relay.cut();
      const tokenize = await vault.call('POST', '/tokenize', { json: cardWithCvv });
      expect(tokenize.status).toBe(503);
      expect(tokenize.json).toEqual({
        success: false,
        error: { code: 'service_unavailable', message: 'Service temporarily unavailable' },
        request_id: tokenize.headers.get('x-request-id'),
      });
      expect((await vault.call('GET', '/api/applications/key')).status).toBe(503);
      expect((await vault.call('GET', '/ready')).status).toBe(503);
      await relay.restore();
      expect((await vault.call('POST', '/tokenize', { json: cardWithCvv })).status).toBe(201);
    } finally {
      await vault.close();
      await relay.close();
    }
  });
});

describe('failing closed without Redis', () => {
  it('REDIS_URL set but unreachable → 503 everywhere, never a fallback to memory', async () => {
    const vault = await startTestVault({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      expect(vault.runtime.store.kind).toBe('redis');
      for (const [method, path, json] of [
        ['POST', '/tokenize', cardWithCvv],
        ['POST', '/tokenize', { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '30' } }],
        ['GET', '/api/applications/key', undefined],
        ['POST', '/test-tokens', { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '30', cvc: '123' }],
      ] as const) {
        const response = await vault.call(method, path, { json });
        expect(response.status, `${method} ${path}`).toBe(503);
        expect(response.json.error.code).toBe('service_unavailable');
      }
      const ready = await vault.call('GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({ status: 'unavailable', checks: { database: 'ok', store: 'unavailable' }, latency_ms: { database: expect.any(Number), store: null } });
      expect(await vault.runtime.db.prisma.token.count({ where: { projectId: vault.tenants.test.projectId } })).toBe(0);
    } finally {
      await vault.close();
    }
  });
});
