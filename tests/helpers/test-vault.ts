// An in-process vault for integration tests: the real fast-door server on 127.0.0.1:0, on PostgreSQL +
// Redis when DATABASE_URL / REDIS_URL are set (CI), on in-memory PGlite + the in-process store
// otherwise. Logs are captured so tests can prove what never reaches them.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { parseConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { createRuntime } from '../../lib/runtime/create-runtime';
import { setRuntime } from '../../lib/runtime/shared';
import type { Runtime } from '../../lib/runtime/types';
import { redisTopologyOf } from '../../lib/store/redis-topology';
import { createVaultServer } from '../../lib/server/create-server';
import { databaseEnv } from './database-route';
import { seedTenants, type Tenants } from './seed';

export type ApiResponse = { status: number; headers: Headers; text: string; json: any };

export type TestVault = {
  url: string;
  runtime: Runtime;
  tenants: Tenants;
  /** Every log line written so far (JSON strings). */
  logs: string[];
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  close(): Promise<void>;
};

export type CallOptions = {
  key?: string | null;
  pubKey?: string;
  json?: unknown;
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
};

/** This vault's Redis keys (some live a year: test CVC sessions) go with it. */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

export function testEnv(overrides: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    DATABASE_URL: undefined,
    ...databaseEnv(inject('databaseUrl')),
    REDIS_URL: process.env.REDIS_URL || undefined,
    // Each test vault has its own Redis keys (rate limits, CVC sessions), like a separate deployment.
    REDIS_KEY_PREFIX: `vault-test-${randomBytes(4).toString('hex')}:`,
    VAULT_DATA_DIR: 'memory://',
    // The run's database is one installation: one master key (on PGlite each vault is its own database).
    VAULT_MASTER_KEY: inject('databaseUrl') ? inject('masterKey') : randomBytes(32).toString('base64'),
    PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost',
    PROXY_TIMEOUT_MS: '5000',
    LOG_LEVEL: 'info',
    DATABASE_POOL_SIZE: '5',
    // Test vaults share the run's database: a worker here would deliver other files' webhooks (to URLs
    // they never meant to reach). Files that test delivery turn it on, on a database of their own.
    WEBHOOK_WORKER: 'off',
    ...overrides,
  };
}

export async function startTestVault(options: { env?: Record<string, string>; pspCa?: string } = {}): Promise<TestVault> {
  const config = parseConfig(testEnv(options.env));
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: 'debug', destination: sink });
  const runtime = await createRuntime({ config, logger, pspCa: options.pspCa, migrate: !config.DATABASE_URL });
  setRuntime(runtime);
  const { server } = createVaultServer({ logger, trustProxy: config.TRUST_PROXY });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tenants = await seedTenants(runtime);
  const defaultKey = tenants.test.keys.full;

  async function call(method: string, path: string, callOptions: CallOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...callOptions.headers };
    const key = callOptions.key === undefined ? defaultKey : callOptions.key;
    if (key !== null) headers['x-api-key'] = key;
    if (callOptions.pubKey) headers['x-pub-key'] = callOptions.pubKey;
    let body: string | Uint8Array<ArrayBuffer> | undefined = callOptions.body;
    if (callOptions.json !== undefined) {
      body = JSON.stringify(callOptions.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  return {
    url,
    runtime,
    tenants,
    logs,
    call,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      setRuntime(undefined);
      const reachable = runtime.store.kind === 'redis' && runtime.store.isAvailable();
      await runtime.close();
      // On REDIS_URL only: a Sentinel or Cluster setup is the test's own, removed with its keys.
      const topology = redisTopologyOf(config);
      if (reachable && topology?.kind === 'single') await deleteRedisKeys(topology.url, config.REDIS_KEY_PREFIX);
    },
  };
}

/**
 * A count's `where` kept to this vault's own tenants' projects: the run's database is shared by the test
 * files running at the same time, so a count of the whole table would see their rows come and go.
 */
export const inTenantProjects = (vault: TestVault) => ({ projectId: { in: [vault.tenants.test.projectId, vault.tenants.production.projectId, vault.tenants.other.projectId] } });

/** The same for projects: those of the tenants' account. */
export const inTenantAccount = (vault: TestVault) => ({ account: { projects: { some: { id: vault.tenants.test.projectId } } } });
