import type { Logger } from '../logger';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { RedisTopology } from './redis-topology';
import type { KeyValueStore } from './types';

/**
 * Redis when a topology is configured (one server, Sentinel or Cluster: ./redis-topology.ts; and then only
 * Redis; each command waits at most `commandTimeoutMs`, REDIS_COMMAND_TIMEOUT_MS), otherwise the
 * in-process store, holding at most `memoryMaxEntries` values (MEMORY_STORE_MAX_ENTRIES).
 */
export async function connectStore(options: {
  redis?: RedisTopology;
  keyPrefix?: string;
  memoryMaxEntries?: number;
  commandTimeoutMs?: number;
  logger?: Logger;
}): Promise<KeyValueStore> {
  return options.redis
    ? RedisStore.connect(options.redis, options.keyPrefix, undefined, { commandTimeoutMs: options.commandTimeoutMs, logger: options.logger })
    : new MemoryStore(Date.now, undefined, options.memoryMaxEntries);
}
