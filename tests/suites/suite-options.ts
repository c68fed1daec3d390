// How a shared suite (tests/suites/*.ts) is pointed at a store: the plain run (tests/integration/<name>.test.ts)
// passes nothing and gets REDIS_URL or the in-process store; the Redis Sentinel and Cluster files pass
// their topology's variables, read when each vault starts (the topology starts in the file's beforeAll).
import { Redis, type Cluster } from 'ioredis';

export type SuiteOptions = {
  /** Variables for every vault the suite starts, on top of its own. */
  env?: () => Record<string, string>;
  /** A client without key prefix, to look at what the vault stored; null: the store is in-process. */
  redis?: () => Redis | Cluster | null;
};

/** The options' Redis client, else one on REDIS_URL, else null (the in-process store). */
export function inspectingClient(options: SuiteOptions): Redis | Cluster | null {
  if (options.redis) return options.redis();
  return process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
}

/** Whether the suite's vaults run on Redis (a suite's Redis-only cases run then). */
export const onRedis = (options: SuiteOptions) => Boolean(options.redis ?? process.env.REDIS_URL);
