// Rate limits on the configured store: Redis (shared by every node) when REDIS_URL is set, memory
// otherwise. rate-limiter-flexible does the counting; this only picks its backend.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RedisStore } from './redis-store';
import type { KeyValueStore } from './types';

/** `blockSeconds`: once over the limit, refuse the key that long (rather than until the window ends). */
export type RateLimit = { points: number; durationSeconds: number; name: string; blockSeconds?: number };

export function createRateLimiter(store: KeyValueStore, limit: RateLimit): RateLimiterAbstract {
  const options = { points: limit.points, duration: limit.durationSeconds, blockDuration: limit.blockSeconds ?? 0, keyPrefix: `rl:${limit.name}` };
  return store instanceof RedisStore ? new RateLimiterRedis({ ...options, storeClient: store.client, useRedisPackage: false }) : new RateLimiterMemory(options);
}

/** Consumes one point; returns the seconds to wait when the limit is reached, else null. */
export async function consumeOrRetryAfter(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (result) {
    if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw result;
  }
}
