// Redis over TLS, against real redis-server processes that speak only TLS (`--tls-port`, `port 0`) with a
// certificate made for the run by a throw-away CA. The vault (a real server process) trusts that CA through
// NODE_EXTRA_CA_CERTS alone, as production would: tokenize and a CVC session (used by a proxy call) work over
// TLS; with another CA the certificate is refused and the store is unavailable (503), and with REDIS_TLS a
// plaintext Redis is never talked to. A Redis
// Cluster with TLS between the nodes (`tls-cluster yes`, REDIS_TLS=true) and a Sentinel set speaking only TLS
// (replication and the sentinel's links too; through a fail-over) serve the vault the same way, and
// `vault doctor`'s store check reaches a TLS Redis.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis, type Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { keysMatching, redisBinariesPresent, type RedisProcesses, startRedisCluster, startRedisPlain, startRedisSentinel, startRedisTls } from '../helpers/redis-topologies';
import { makeSignedLocalhostCertificate } from '../helpers/self-signed';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const run = promisify(execFile);
const CARD = { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '737' } };
const present = redisBinariesPresent();

let dir: string;
let psp: TestPsp;
const trusted = makeSignedLocalhostCertificate();
const stranger = makeSignedLocalhostCertificate();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vault-redis-tls-'));
  psp = await startTestPsp();
  // What NODE_EXTRA_CA_CERTS names: the Redis CA (or another one) and the local PSP's certificate.
  writeFileSync(join(dir, 'trusted.pem'), trusted.ca + psp.ca);
  writeFileSync(join(dir, 'stranger.pem'), stranger.ca + psp.ca);
});

afterAll(async () => {
  await psp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A vault on its own database, the given Redis settings and CA file. */
async function startVault(database: OwnDatabase, redisEnv: Record<string, string>, caFile: string): Promise<ServerProcess> {
  return spawnServer(
    {
      ...database.env,
      VAULT_DATA_DIR: database.env.VAULT_DATA_DIR ?? mkdtempSync(join(dir, 'data-')),
      ...redisEnv,
      NODE_EXTRA_CA_CERTS: caFile,
      PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost',
    },
    // A first start migrates a fresh database: slow on a busy machine.
    120_000,
  );
}

const apiKeyOf = (server: ServerProcess) => /API key: {3}(vk_test_[0-9A-Za-z]+)/.exec(server.output())![1]!;

async function post(server: ServerProcess, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKeyOf(server) }, body: JSON.stringify(body) });
}

/**
 * Tokenize with a CVV; the CVC session is then in that Redis (read over TLS by `client`, trusting the same CA);
 * a proxy call that needs it takes it: the PSP gets the code.
 */
async function tokenizeAndCharge(server: ServerProcess, client: Redis | Cluster, prefix: string): Promise<void> {
  const tokenized = await post(server, '/tokenize', CARD);
  expect(tokenized.status, await tokenized.clone().text()).toBe(201);
  const { token, cvc_session_id } = (await tokenized.json()) as { token: string; cvc_session_id: string };
  expect(cvc_session_id).toMatch(/^[0-9a-f-]{36}$/);
  expect((await keysMatching(client, `${prefix}*${cvc_session_id}*`)).length).toBe(1);
  const proxied = await post(server, '/proxy/transaction', { token, cvc_session_id, proxy_url: psp.url('/charges'), request_data: { number: '${cardNumber}', cvc: '${cvc}' } });
  expect(proxied.status, await proxied.clone().text()).toBe(200);
  expect(psp.received.at(-1)!.body.toString()).toBe('{"number":"4242424242424242","cvc":"737"}');
}

/** tokenizeAndCharge through a client of its own (made by `connect`), disconnected afterwards. */
async function chargeThrough(server: ServerProcess, connect: () => Redis | Cluster, prefix: string): Promise<void> {
  const client = connect();
  try {
    await tokenizeAndCharge(server, client, prefix);
  } finally {
    client.disconnect();
  }
}

/** For the enclosing describe: a Redis setup (from `start`), a database of its own and a vault trusting the test CA. */
function vaultOnRedis<T extends RedisProcesses>(start: () => Promise<T>) {
  const own = {} as { redis: T; database: OwnDatabase; server: ServerProcess };
  beforeAll(async () => {
    own.redis = await start();
    own.database = await ownDatabase();
    own.server = await startVault(own.database, own.redis.env, join(dir, 'trusted.pem'));
  }, 180_000);
  afterAll(async () => {
    await own.server?.stop();
    await own.database?.drop();
    await own.redis?.stop();
  });
  return own;
}

/** `vault doctor`'s store line for this environment (on top of one without inherited vault settings). */
async function doctorStoreLine(env: Record<string, string>): Promise<string> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|REDIS_|VAULT_|NODE_EXTRA_CA_CERTS$|NODE_ENV$)/.test(key)));
  const cli = join(__dirname, '..', '..', 'bin', 'vault.mjs');
  const { stdout } = await run(process.execPath, [cli, 'doctor'], { env: { ...clean, ...env } as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 60_000 }).catch((error: { stdout: string }) => error);
  return stdout.split('\n').find((line) => line.slice(6).startsWith('store')) ?? stdout;
}

describe.runIf(present)('Redis over TLS (rediss://)', () => {
  const own = vaultOnRedis(() => startRedisTls(trusted));

  it('tokenize and a CVC session work over TLS, trusting the CA through NODE_EXTRA_CA_CERTS only', async () => {
    const { redis, server, database } = own;
    await chargeThrough(server, () => new Redis(redis.env.REDIS_URL!, { tls: { ca: trusted.ca } }), database.env.REDIS_KEY_PREFIX!);
    expect(await fetch(`${server.url}/ready`).then((response) => response.json())).toMatchObject({ checks: { store: 'ok' } });
  });

  it('a certificate from a CA the vault does not trust: the store is unavailable (503), never plaintext', async () => {
    const other = await ownDatabase();
    const refusing = await startVault(other, own.redis.env, join(dir, 'stranger.pem'));
    try {
      const tokenized = await post(refusing, '/tokenize', CARD);
      expect(tokenized.status).toBe(503);
      expect(((await tokenized.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
      expect(await fetch(`${refusing.url}/ready`).then((response) => response.status)).toBe(503);
    } finally {
      await refusing.stop();
      await other.drop();
    }
  }, 180_000);

  it('REDIS_TLS=true never falls back to plaintext: a Redis without TLS is not reached (the store check fails)', async () => {
    const plain = await startRedisPlain();
    try {
      const env = { ...own.database.env, ...plain.env, VAULT_DATA_DIR: mkdtempSync(join(dir, 'doctor-')), NODE_EXTRA_CA_CERTS: join(dir, 'trusted.pem') };
      // The same server answers a plaintext client: only TLS makes the difference.
      expect(await doctorStoreLine(env)).toMatch(/answers PING/);
      expect(await doctorStoreLine({ ...env, REDIS_TLS: 'true' })).toMatch(/\(TLS\) (is not reachable|does not answer)/);
    } finally {
      await plain.stop();
    }
  }, 180_000);

  it('vault doctor checks the store over TLS (and fails it with an untrusted CA)', async () => {
    const env = { ...own.database.env, ...own.redis.env, VAULT_DATA_DIR: mkdtempSync(join(dir, 'doctor-')) };
    expect(await doctorStoreLine({ ...env, NODE_EXTRA_CA_CERTS: join(dir, 'trusted.pem') })).toMatch(/answers PING/);
    expect(await doctorStoreLine({ ...env, NODE_EXTRA_CA_CERTS: join(dir, 'stranger.pem') })).not.toMatch(/answers PING/);
  }, 180_000);
});

describe.runIf(present)('Redis Cluster over TLS (REDIS_TLS=true, tls-cluster yes)', () => {
  const own = vaultOnRedis(() => startRedisCluster(trusted));

  it('tokenize and a CVC session work across the TLS cluster', async () => {
    await chargeThrough(own.server, () => own.redis.connect(), own.database.env.REDIS_KEY_PREFIX!);
  });
});

describe.runIf(present)('Redis Sentinel over TLS (REDIS_TLS=true, tls-replication yes)', () => {
  const own = vaultOnRedis(() => startRedisSentinel(trusted));

  it('tokenize and a CVC session work through the sentinel over TLS, and again on the promoted replica after a fail-over', async () => {
    const { redis: sentinel, server, database } = own;
    await chargeThrough(server, () => sentinel.connect(), database.env.REDIS_KEY_PREFIX!);
    const { to } = await sentinel.failover();
    expect(await sentinel.primaryPort()).toBe(to);
    // The vault asks the sentinel (over TLS) for the new primary and reconnects to it (over TLS). While the
    // old primary is turned into a replica the store may answer 503 for a moment (as on plain Sentinel):
    // wait for ten 201s in a row.
    const deadline = Date.now() + 20_000;
    for (let inARow = 0; inARow < 10; ) {
      const status = (await post(server, '/tokenize', CARD)).status;
      expect([201, 503], `tokenize answered ${status} during the fail-over`).toContain(status);
      inARow = status === 201 ? inARow + 1 : 0;
      expect(Date.now(), 'the vault did not settle on the promoted primary within 20 s').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await chargeThrough(server, () => sentinel.connect(), database.env.REDIS_KEY_PREFIX!);
  }, 60_000);
});
