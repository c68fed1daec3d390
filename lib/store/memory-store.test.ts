// The in-process store's bound (MEMORY_STORE_MAX_ENTRIES): values past it are refused (StoreFullError, a
// 503 for the caller), rate-limit counters are evicted oldest first. Time is injected, never waited for.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config';
import { MemoryStore } from './memory-store';
import { consumeOrRetryAfter, createRateLimiter } from './rate-limiter';
import { encodeBound, StoreFullError, StoreUnavailableError } from './types';

let clock = 0;
const stores: MemoryStore[] = [];
const bounded = (maxEntries: number) => {
  const store = new MemoryStore(() => clock, 60_000, maxEntries);
  stores.push(store);
  return store;
};
afterEach(async () => {
  clock = 0;
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

describe('MemoryStore: values past MEMORY_STORE_MAX_ENTRIES', () => {
  it('refuses a new key with StoreFullError (a StoreUnavailableError: 503) once full', async () => {
    const store = bounded(3);
    for (const key of ['a', 'b', 'c']) await store.set(key, '1', 60);
    const refused = store.set('d', '1', 60);
    await expect(refused).rejects.toBeInstanceOf(StoreFullError);
    await expect(store.set('d', '1', 60)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.setIfAbsent('d', '1', 60)).rejects.toBeInstanceOf(StoreFullError);
    expect(await store.get('d')).toBeNull();
  });

  it('still reads, replaces, takes and deletes what it holds when full', async () => {
    const store = bounded(2);
    await store.set('a', '1', 60);
    await store.set('once', encodeBound('tok', 'once', 'cvv'), 60);
    await store.set('a', '2', 60);
    expect(await store.get('a')).toBe('2');
    expect(await store.setIfAbsent('a', '3', 60)).toBe(false);
    expect(await store.takeBound('once', 'tok')).toBe('cvv');
    await store.set('b', '1', 60);
    expect(await store.delete('a')).toBe(true);
    await store.set('c', '1', 60);
    expect(await store.get('c')).toBe('1');
  });

  it('makes room from expired values', async () => {
    const store = bounded(2);
    await store.set('short', '1', 1);
    await store.set('long', '1', 60);
    await expect(store.set('new', '1', 60)).rejects.toBeInstanceOf(StoreFullError);
    clock += 2_000;
    await store.set('new', '1', 60);
    expect(await store.get('new')).toBe('1');
    expect(await store.get('long')).toBe('1');
  });

  it('MEMORY_STORE_MAX_ENTRIES: default 100,000, a positive whole number', () => {
    expect(parseConfig({}).MEMORY_STORE_MAX_ENTRIES).toBe(100_000);
    expect(parseConfig({ MEMORY_STORE_MAX_ENTRIES: '5000' }).MEMORY_STORE_MAX_ENTRIES).toBe(5_000);
    for (const bad of ['0', '-1', '1.5', 'many']) expect(() => parseConfig({ MEMORY_STORE_MAX_ENTRIES: bad })).toThrow(ConfigError);
  });

  it('defaults to 100,000', () => {
    const store = new MemoryStore();
    stores.push(store);
    expect(store.maxEntries).toBe(100_000);
    expect(store.rateLimits.maxEntries).toBe(100_000);
  });
});

describe('MemoryStore: rate-limit counters past the bound are evicted oldest first', () => {
  it('never holds more counters than the bound, across limiters, and drops the oldest', async () => {
    const store = bounded(3);
    const perIp = createRateLimiter(store, { name: 'ip', points: 2, durationSeconds: 60 });
    const perEmail = createRateLimiter(store, { name: 'email', points: 2, durationSeconds: 60 });
    await consumeOrRetryAfter(perIp, 'first');
    await consumeOrRetryAfter(perEmail, 'second');
    await consumeOrRetryAfter(perIp, 'third');
    expect(store.rateLimits.size).toBe(3);
    await consumeOrRetryAfter(perEmail, 'fourth');
    expect(store.rateLimits.size).toBe(3);
    expect(store.rateLimits.has('rl:ip:first')).toBe(false);
    expect(store.rateLimits.has('rl:email:second')).toBe(true);
    expect(store.rateLimits.has('rl:email:fourth')).toBe(true);
    for (let i = 0; i < 1_000; i++) await consumeOrRetryAfter(perIp, `flood-${i}`);
    expect(store.rateLimits.size).toBe(3);
    // The values are a separate bound: counters never make a CVC session or an idempotency claim fail.
    await store.set('cvc', '1', 60);
    expect(await store.get('cvc')).toBe('1');
  });

  it('counts and blocks exactly like rate-limiter-flexible\'s own memory limiter', async () => {
    const store = bounded(100);
    const limiter = createRateLimiter(store, { name: 'login', points: 2, durationSeconds: 60, blockSeconds: 300 });
    expect(await consumeOrRetryAfter(limiter, 'k')).toBeNull();
    expect(await consumeOrRetryAfter(limiter, 'k')).toBeNull();
    expect(await consumeOrRetryAfter(limiter, 'k')).toBe(300);
    clock += 100_000;
    expect(await consumeOrRetryAfter(limiter, 'k')).toBe(200);
    clock += 200_000;
    expect(await consumeOrRetryAfter(limiter, 'k')).toBeNull();
    await limiter.delete('k');
    expect(await limiter.get('k')).toBeNull();
  });

  it('a counter whose window ended starts again as the newest', async () => {
    const store = bounded(2);
    const limiter = createRateLimiter(store, { name: 'x', points: 5, durationSeconds: 10 });
    await consumeOrRetryAfter(limiter, 'old');
    await consumeOrRetryAfter(limiter, 'other');
    clock += 11_000;
    await consumeOrRetryAfter(limiter, 'old');
    clock += 1_000;
    await consumeOrRetryAfter(limiter, 'third');
    expect(store.rateLimits.has('rl:x:old')).toBe(true);
    expect(store.rateLimits.has('rl:x:third')).toBe(true);
  });
});
