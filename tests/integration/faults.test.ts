// Faults under a small bounded load, on real server processes (VAULT_API_ONLY: no Next and its process
// handlers to hide a crash): a redis-server of the test's own frozen (SIGSTOP) and killed, PostgreSQL
// black-holed and reset through a TCP relay of the test's own. Every answer comes within the bound
// (generously asserted: outcomes, not benchmarks), 503 during the fault, 201 again within seconds after,
// the process never exits, a dropped connection is logged once, and every acknowledged token is still there.
// Only loopback; the machine's own Redis and PostgreSQL are never touched (PostgreSQL only through a scratch
// database behind the relay).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { freePort, spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { startTcpRelay, type TcpRelay } from '../helpers/tcp-relay';

const databaseUrl = inject('databaseUrl');
const card = (cvv?: string) => ({
  type: 'card',
  data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', ...(cvv ? { cvv } : {}) },
});

type Outcome = { status: number; ms: number; token?: string };

/** One call; a request still unanswered after 15 s counts as status 0 (the fault held it). */
async function call(server: ServerProcess, path: string, options: { key?: string; body: unknown }): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.key ? { 'x-api-key': options.key } : {}) },
      body: JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { token?: string };
    return { status: response.status, ms: performance.now() - started, token: response.status === 201 ? body.token : undefined };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

const burst = (count: number, one: () => Promise<Outcome>) => Promise.all(Array.from({ length: count }, one));

/** Calls until a 201 (at most `withinMs`); every answer on the way is within `boundMs`. */
async function until201(one: () => Promise<Outcome>, withinMs: number, boundMs: number): Promise<Outcome> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const outcome = await one();
    expect(outcome.ms, `answered in ${Math.round(outcome.ms)} ms`).toBeLessThan(boundMs);
    if (outcome.status === 201 || performance.now() > deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const apiKeyOf = (server: ServerProcess) => /API key: {3}(vk_test_[0-9A-Za-z]+)/.exec(server.output())![1]!;
const count = (text: string, needle: string) => text.split(needle).length - 1;

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    redis.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return redis;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('faults: a frozen or killed Redis', () => {
  it('answers 503 within ~1 s (REDIS_COMMAND_TIMEOUT_MS) while Redis is frozen or gone, 201 again after, never exits', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    cleanups.push(() => redis.kill('SIGKILL'));
    const dir = mkdtempSync(join(tmpdir(), 'vault-faults-redis-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // Embedded PGlite beside it: only Redis is at fault here. REDIS_COMMAND_TIMEOUT_MS keeps its default.
    const server = await spawnServer({ VAULT_DATA_DIR: join(dir, 'data'), REDIS_URL: `redis://127.0.0.1:${port}` });
    cleanups.push(() => server.stop('SIGKILL'));
    const key = apiKeyOf(server);
    const tokenize = () => call(server, '/tokenize', { key, body: card('123') });
    const acknowledged: string[] = [];
    const keep = (outcomes: Outcome[]) => acknowledged.push(...outcomes.flatMap((outcome) => (outcome.token ? [outcome.token] : [])));

    const before = await burst(3, tokenize);
    expect(before.map((outcome) => outcome.status)).toEqual([201, 201, 201]);
    keep(before);

    // Frozen: connected, silent. The rate limiter's own Redis call (login) and the store's both give up.
    redis.kill('SIGSTOP');
    try {
      const login = await call(server, '/auth/login', { body: { email: 'someone@example.com', password: 'not-the-password-1' } });
      expect(login).toMatchObject({ status: 503 });
      expect(login.ms).toBeLessThan(3_000);
      const frozen = await burst(6, tokenize);
      for (const outcome of frozen) {
        expect(outcome.status).toBe(503);
        expect(outcome.ms).toBeLessThan(3_000);
      }
    } finally {
      redis.kill('SIGCONT');
    }
    const thawed = await until201(tokenize, 5_000, 3_000);
    expect(thawed.status).toBe(201);
    keep([thawed]);

    // Killed: refused at once; restarted on the same port: served again by itself.
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    const gone = await burst(4, tokenize);
    for (const outcome of gone) {
      expect(outcome.status).toBe(503);
      expect(outcome.ms).toBeLessThan(3_000);
    }
    redis = await startRedis(port);
    const back = await until201(tokenize, 10_000, 3_000);
    expect(back.status).toBe(201);
    keep([back]);

    expect(server.child.exitCode).toBeNull();
    const output = server.output();
    expect(count(output, 'redis did not answer within REDIS_COMMAND_TIMEOUT_MS')).toBe(1);
    expect(count(output, 'redis connection lost')).toBe(1);
    expect(count(output, 'redis answering again')).toBe(2);
    expect(output).not.toContain('uncaught');
    for (const token of acknowledged) {
      expect((await call(server, '/detokenize', { key, body: { token } })).status, token).toBe(200);
    }
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 60_000);
});

/** A vault on a scratch database reached through a TCP relay the test can black-hole, reset and heal. */
async function vaultBehindRelay(settings: Record<string, string>): Promise<{ server: ServerProcess; relay: TcpRelay }> {
  const database: ScratchDatabase = await createScratchDatabase(databaseUrl);
  cleanups.push(() => database.drop());
  const target = new URL(database.url);
  const relay: TcpRelay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => relay.close());
  const viaRelay = new URL(database.url);
  viaRelay.host = `127.0.0.1:${relay.port}`;
  const dir = mkdtempSync(join(tmpdir(), 'vault-faults-pg-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const server = await spawnServer({ DATABASE_URL: viaRelay.toString(), VAULT_MASTER_KEY: inject('masterKey'), VAULT_DATA_DIR: join(dir, 'data'), ...settings });
  cleanups.push(() => server.stop('SIGKILL'));
  return { server, relay };
}

describe.runIf(databaseUrl)('faults: PostgreSQL black-holed, then every connection reset', () => {
  it('answers 503 within DATABASE_QUERY_TIMEOUT_MS while nothing is delivered, survives the resets, 201 again after', async () => {
    const { server, relay } = await vaultBehindRelay({ DATABASE_QUERY_TIMEOUT_MS: '2000' });
    const key = apiKeyOf(server);
    const tokenize = () => call(server, '/tokenize', { key, body: card() });
    const acknowledged: string[] = [];
    const keep = (outcomes: Outcome[]) => acknowledged.push(...outcomes.flatMap((outcome) => (outcome.token ? [outcome.token] : [])));

    const before = await burst(4, tokenize);
    expect(before.map((outcome) => outcome.status)).toEqual([201, 201, 201, 201]);
    keep(before);

    // Black hole: the pool's open connections and any new one get nothing back. The audit sealer (every
    // 2 s) waits inside its transaction too, on a connection the pool has handed out.
    relay.blackHole();
    const held = await burst(6, tokenize);
    for (const outcome of held) {
      expect(outcome.status).toBe(503);
      expect(outcome.ms).toBeLessThan(8_000);
    }
    const again = await burst(3, tokenize);
    for (const outcome of again) {
      expect(outcome.status).toBe(503);
      expect(outcome.ms).toBeLessThan(8_000);
    }
    // Every connection, idle or handed out, is reset (ECONNRESET): nothing may end the process.
    relay.reset();
    relay.heal();
    const healed = await until201(tokenize, 10_000, 8_000);
    expect(healed.status).toBe(201);
    keep([healed]);
    const after = await burst(4, tokenize);
    expect(after.map((outcome) => outcome.status)).toEqual([201, 201, 201, 201]);
    keep(after);

    expect(server.child.exitCode).toBeNull();
    const output = server.output();
    expect(output).toContain('database query timed out (DATABASE_QUERY_TIMEOUT_MS)');
    expect(output).not.toContain('uncaught');
    for (const token of acknowledged) {
      expect((await call(server, '/detokenize', { key, body: { token } })).status, token).toBe(200);
    }
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 60_000);
});

describe.runIf(databaseUrl)('faults: PostgreSQL black-holed under load', () => {
  it('every request answers 503 within DATABASE_QUERY_TIMEOUT_MS + 1 s, the wait for a pool connection included', async () => {
    const timeoutMs = 1500;
    // A small pool, so most requests must wait for a connection: that wait is inside the bound too.
    const { server, relay } = await vaultBehindRelay({ DATABASE_QUERY_TIMEOUT_MS: String(timeoutMs), DATABASE_POOL_SIZE: '3' });
    const key = apiKeyOf(server);
    const created = await call(server, '/tokenize', { key, body: card() });
    expect(created.status).toBe(201);
    const reveal = () => call(server, '/detokenize', { key, body: { token: created.token } });
    expect((await reveal()).status).toBe(200);

    relay.blackHole();
    // Reveals each need their own statement (token read + audit row): 40 at once queue for the 3 connections.
    // A second wave arrives while the first still holds every connection: its wait starts later, and its
    // own bound counts from there.
    const first = Promise.all([...Array.from({ length: 20 }, reveal), ...Array.from({ length: 10 }, () => call(server, '/tokenize', { key, body: card() }))]);
    await new Promise((resolve) => setTimeout(resolve, timeoutMs * 0.7));
    const outcomes = [...(await Promise.all(Array.from({ length: 30 }, reveal))), ...(await first)];
    const slowest = Math.max(...outcomes.map((outcome) => outcome.ms));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(outcomes.map(() => 503));
    expect(slowest, `slowest answer ${Math.round(slowest)} ms`).toBeLessThanOrEqual(timeoutMs + 1000);

    relay.reset();
    relay.heal();
    expect((await until201(() => call(server, '/tokenize', { key, body: card() }), 10_000, timeoutMs + 1000)).status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
