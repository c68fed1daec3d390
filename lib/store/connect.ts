import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { KeyValueStore } from './types';

/** Redis when a URL is configured (and then only Redis), otherwise the in-process store. */
export async function connectStore(options: { redisUrl?: string; keyPrefix?: string }): Promise<KeyValueStore> {
  return options.redisUrl ? RedisStore.connect(options.redisUrl, options.keyPrefix) : new MemoryStore();
}
