// The same contract for both stores: Redis runs when REDIS_URL is set (CI), memory always.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { RedisTopology } from './redis-topology';
import { encodeBound, type KeyValueStore } from './types';

const redisUrl = process.env.REDIS_URL;
const makers: [string, () => Promise<KeyValueStore>][] = [['memory', async () => new MemoryStore()]];
if (redisUrl) makers.push(['redis', () => RedisStore.connect(redisUrl, `vault-test:${randomUUID()}:`)]);

describe.each(makers)('%s store', (_name, make) => {
  let store: KeyValueStore;
  beforeAll(async () => {
    store = await make();
  });
  afterAll(() => store.close());

  it('sets, gets and deletes', async () => {
    await store.set('a', '1', 60);
    expect(await store.get('a')).toBe('1');
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeNull();
  });

  it('setIfAbsent creates only once', async () => {
    expect(await store.setIfAbsent('nx', 'first', 60)).toBe(true);
    expect(await store.setIfAbsent('nx', 'second', 60)).toBe(false);
    expect(await store.get('nx')).toBe('first');
  });

  it('expires values after their TTL', async () => {
    await store.set('short', 'v', 1);
    expect(await store.get('short')).toBe('v');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.get('short')).toBeNull();
  });

  it('takeBound: once-values are taken by exactly one of many concurrent takers', async () => {
    await store.set('once', encodeBound('tok', 'once', 'payload'), 60);
    const results = await Promise.all(Array.from({ length: 10 }, () => store.takeBound('once', 'tok')));
    expect(results.filter((result) => result === 'payload')).toHaveLength(1);
    expect(results.filter((result) => result === null)).toHaveLength(9);
    expect(await store.get('once')).toBeNull();
  });

  it('takeBound: reusable values stay; a wrong binding gets nothing and leaves the value', async () => {
    await store.set('re', encodeBound('tok', 'reusable', 'p|with|bars'), 60);
    expect(await store.takeBound('re', 'other')).toBeNull();
    expect(await store.takeBound('re', 'to')).toBeNull();
    expect(await store.takeBound('re', 'tok')).toBe('p|with|bars');
    expect(await store.takeBound('re', 'tok')).toBe('p|with|bars');
    await store.set('o2', encodeBound('tok', 'once', 'x'), 60);
    expect(await store.takeBound('o2', 'nope')).toBeNull();
    expect(await store.takeBound('o2', 'tok')).toBe('x');
  });
});

describe('redis store when Redis is unreachable', () => {
  const nowhere = [{ host: '127.0.0.1', port: 1 }];
  it.each([
    ['one server (REDIS_URL)', 'redis://127.0.0.1:1'],
    ['Sentinel', { kind: 'sentinel', sentinels: nowhere, name: 'primary' }],
    ['Cluster', { kind: 'cluster', nodes: nowhere }],
  ] as [string, RedisTopology | string][])('%s: answers every command with StoreUnavailableError at once, never falling back', async (_name, target) => {
    const store = await RedisStore.connect(target, 'x:', 200);
    expect(store.isAvailable()).toBe(false);
    try {
      await expect(store.get('a')).rejects.toMatchObject({ name: 'StoreUnavailableError' });
      await expect(store.set('a', '1', 5)).rejects.toMatchObject({ name: 'StoreUnavailableError' });
      await expect(store.takeBound('a', 'b')).rejects.toMatchObject({ name: 'StoreUnavailableError' });
      await expect(store.ping()).rejects.toMatchObject({ name: 'StoreUnavailableError' });
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!redisUrl)('redis store after ioredis gives up', () => {
  it('connects again by itself when the client ends without close() (a Sentinel lookup failing mid fail-over does that)', async () => {
    const store = await RedisStore.connect(redisUrl!, `vault-test:${randomUUID()}:`);
    try {
      await store.set('k', 'v', 60);
      const ended = new Promise((resolve) => store.client.once('end', resolve));
      store.client.disconnect(); // the client's own 'end', as ioredis ends it when a reconnection's connector fails
      await ended;
      await expect(store.get('k')).rejects.toMatchObject({ name: 'StoreUnavailableError' });
      const started = Date.now();
      while (!store.isAvailable() && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await store.get('k')).toBe('v');
    } finally {
      await store.close();
    }
    // Closed on purpose: it stays closed.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(store.client.status).toBe('end');
  });
});
