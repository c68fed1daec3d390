import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { KeyValueStore } from './types';

/**
 * Redis when a URL is configured (and then only Redis), otherwise the in-process store, holding at most
 * `memoryMaxEntries` values (MEMORY_STORE_MAX_ENTRIES).
 */
export async function connectStore(options: { redisUrl?: string; keyPrefix?: string; memoryMaxEntries?: number }): Promise<KeyValueStore> {
  return options.redisUrl ? RedisStore.connect(options.redisUrl, options.keyPrefix) : new MemoryStore(Date.now, undefined, options.memoryMaxEntries);
}
