// The vault on a real Redis Cluster (3 primaries on loopback ports, started once for this file, with a
// password): REDIS_CLUSTER_NODES wins over the REDIS_URL the run may also set. The CVC session,
// idempotency and checkout rate-limit suites run unchanged on it (a command or script touching keys of
// two slots would fail there with CROSSSLOT); the store spreads its keys over every primary; /ready pings
// each primary; a limiter's block (rate-limiter-flexible's MULTI) works; a lost primary is a 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/config';
import { consumeOrRetryAfter, createRateLimiter } from '../../lib/store/rate-limiter';
import { RedisStore } from '../../lib/store/redis-store';
import { redisTopologyOf } from '../../lib/store/redis-topology';
import { keysMatching, primariesOf, redisBinariesPresent, startRedisCluster, type RedisCluster } from '../helpers/redis-topologies';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { storeSuites } from '../suites/store-suites';

describe.skipIf(!redisBinariesPresent())('on a Redis Cluster (REDIS_CLUSTER_NODES)', () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  });
  afterAll(() => cluster?.stop());
  storeSuites({ env: () => cluster.env, redis: () => cluster.connect() });

  describe('the store on the cluster', () => {
    let store: RedisStore;
    beforeAll(async () => {
      const topology = redisTopologyOf(parseConfig({ ...cluster.env, REDIS_URL: 'redis://127.0.0.1:1' }));
      expect(topology?.kind).toBe('cluster');
      store = await RedisStore.connect(topology!, 'vault-cluster-test:');
    });
    afterAll(() => store?.close());

    it('is available, and spreads keys over all three primaries (the prefix pins nothing to one slot)', async () => {
      expect(store.isAvailable()).toBe(true);
      for (let index = 0; index < 30; index++) await store.set(`spread:${index}`, String(index), 60);
      const client = cluster.connect();
      try {
        const perPrimary = await Promise.all((await primariesOf(client)).map((node) => node.keys('vault-cluster-test:spread:*')));
        expect(perPrimary).toHaveLength(3);
        for (const keys of perPrimary) expect(keys.length).toBeGreaterThan(0);
        expect(await keysMatching(client, 'vault-cluster-test:spread:*')).toHaveLength(30);
      } finally {
        client.disconnect();
      }
    });

    it('a limiter that blocks (its MULTI on one key) counts and blocks on the cluster', async () => {
      const limiter = createRateLimiter(store, { name: 'cluster-block', points: 2, durationSeconds: 60, blockSeconds: 300 });
      expect(await consumeOrRetryAfter(limiter, 'k')).toBeNull();
      expect(await consumeOrRetryAfter(limiter, 'k')).toBeNull();
      expect(await consumeOrRetryAfter(limiter, 'k')).toBe(300);
      expect(await consumeOrRetryAfter(limiter, 'k')).toBeGreaterThan(298);
      expect(await consumeOrRetryAfter(limiter, 'other')).toBeNull();
    });
  });

  // Last: it takes a primary away for good.
  describe('a primary lost', () => {
    let vault: TestVault;
    beforeAll(async () => {
      vault = await startTestVault({ env: cluster.env });
    });
    afterAll(() => vault?.close());

    it('/ready reports every primary; without one: /ready and the vault endpoints answer 503, never 500', async () => {
      expect((await vault.call('GET', '/ready')).json).toEqual({ status: 'ready', checks: { database: 'ok', store: 'ok' }, latency_ms: { database: expect.any(Number), store: expect.any(Number) } });
      expect((await vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' } } })).status).toBe(201);
      await cluster.killPrimary(cluster.ports[1]!);
      const ready = await vault.call('GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({ status: 'unavailable', checks: { database: 'ok', store: 'unavailable' }, latency_ms: { database: expect.any(Number), store: null } });
      // Sessions land on random slots, a third of them the lost primary's: with 36 the chance that none needs
      // it is (2/3)^36 ≈ 5e-7 (with 12 it was 0.8 %, and one CI run drew it).
      const answers = await Promise.all(
        Array.from({ length: 36 }, () =>
          vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' } } }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.every((status) => status === 201 || status === 503), statuses.join(',')).toBe(true);
      expect(statuses).toContain(503);
      for (const answer of answers.filter((each) => each.status === 503)) {
        expect(answer.json).toEqual({ success: false, error: { code: 'service_unavailable', message: 'Service temporarily unavailable' }, request_id: answer.headers.get('x-request-id') });
      }
    });
  });
});
