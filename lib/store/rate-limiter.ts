// Rate limits on the configured store: Redis (shared by every node; one server, Sentinel or Cluster), memory
// otherwise. rate-limiter-flexible does the counting; this only picks its backend. In memory the counters
// live in the store's bounded storage (oldest evicted first past MEMORY_STORE_MAX_ENTRIES), not in the
// unbounded map RateLimiterMemory would keep for itself.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { MemoryStore } from './memory-store';
import type { RateLimitStorage } from './rate-limit-storage';
import type { RedisStore } from './redis-store';
import { StoreUnavailableError, type KeyValueStore } from './types';

/** RateLimiterMemory counting in the given storage (it reads and writes only through `_memoryStorage`). */
class BoundedRateLimiterMemory extends RateLimiterMemory {
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], storage: RateLimitStorage) {
    super(options);
    (this as unknown as { _memoryStorage: RateLimitStorage })._memoryStorage = storage;
  }
}

/** `blockSeconds`: once over the limit, refuse the key that long (rather than until the window ends). */
export type RateLimit = { points: number; durationSeconds: number; name: string; blockSeconds?: number };

/**
 * By the store's kind, not `instanceof`: Next's route bundles load their own copy of lib/, so the store the
 * runtime shares (created by the custom server's copy) is not an instance of their classes.
 */
export function createRateLimiter(store: KeyValueStore, limit: RateLimit): RateLimiterAbstract {
  const options = { points: limit.points, duration: limit.durationSeconds, blockDuration: limit.blockSeconds ?? 0, keyPrefix: `rl:${limit.name}` };
  // Not connected: refused at once (503) rather than sent; a silent Redis times out like any command.
  if (store.kind === 'redis') {
    return new RateLimiterRedis({ ...options, storeClient: (store as RedisStore).client, useRedisPackage: false, rejectIfRedisNotReady: true });
  }
  const { rateLimits } = store as Partial<Pick<MemoryStore, 'rateLimits'>>;
  return rateLimits ? new BoundedRateLimiterMemory(options, rateLimits) : new RateLimiterMemory(options);
}

/**
 * Consumes one point; returns the seconds to wait when the limit is reached, else null. A limiter that
 * cannot count (Redis down, not ready, or past REDIS_COMMAND_TIMEOUT_MS) throws StoreUnavailableError: a
 * 503, never a request let through uncounted.
 */
export async function consumeOrRetryAfter(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (result) {
    if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw result instanceof StoreUnavailableError ? result : new StoreUnavailableError(result);
  }
}

const LIMITER_SETS = Symbol.for('vault.rate-limiter-sets');
const limiterSets = globalThis as { [LIMITER_SETS]?: WeakMap<KeyValueStore, Map<string, unknown>> };

/**
 * A set of limiters built once per store and name (global: Next's route bundles load their own copy of
 * lib/, and every copy must count in the same limiters).
 */
export function limitersOnStore<Limiters>(store: KeyValueStore, name: string, build: () => Limiters): Limiters {
  const byStore = (limiterSets[LIMITER_SETS] ??= new WeakMap());
  let byName = byStore.get(store);
  if (!byName) byStore.set(store, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build());
  return byName.get(name) as Limiters;
}
