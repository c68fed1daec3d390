// Redis store. Commands fail fast while Redis is unreachable (no offline queue, one retry), so callers
// answer 503 instead of hanging, and nothing silently falls back to memory.
import { Redis } from 'ioredis';
import { StoreUnavailableError, type KeyValueStore } from './types';

// GET, check the binding prefix, DEL when the mode is `o` (once): one atomic step on the server.
const TAKE_BOUND_SCRIPT = `
local value = redis.call('GET', KEYS[1])
if not value then return false end
local prefix = ARGV[1] .. '|'
if string.sub(value, 1, #prefix) ~= prefix then return false end
local rest = string.sub(value, #prefix + 1)
if string.sub(rest, 1, 2) == 'o|' then redis.call('DEL', KEYS[1]) end
return string.sub(rest, 3)
`;

type RedisWithScripts = Redis & { takeBound(key: string, binding: string): Promise<string | null> };

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;

  private constructor(private readonly redis: RedisWithScripts) {}

  /** The client, for libraries that speak Redis themselves (rate-limiter-flexible). */
  get client(): Redis {
    return this.redis;
  }

  /**
   * Connects in the background and waits briefly for the first connection; a server started while Redis
   * is down still starts, answers 503 on what needs the store, and recovers when Redis comes back.
   */
  static async connect(url: string, keyPrefix = 'vault:', waitMs = 2_000): Promise<RedisStore> {
    const redis = new Redis(url, {
      keyPrefix,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    redis.defineCommand('takeBound', { numberOfKeys: 1, lua: TAKE_BOUND_SCRIPT });
    // Errors surface on the commands; the connection keeps retrying in the background.
    redis.on('error', () => {});
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return new RedisStore(redis as RedisWithScripts);
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  get(key: string) {
    return this.run(() => this.redis.get(key));
  }

  async set(key: string, value: string, ttlSeconds: number) {
    await this.run(() => this.redis.set(key, value, 'EX', ttlSeconds));
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    return (await this.run(() => this.redis.set(key, value, 'EX', ttlSeconds, 'NX'))) === 'OK';
  }

  async delete(key: string) {
    return (await this.run(() => this.redis.del(key))) > 0;
  }

  takeBound(key: string, binding: string) {
    return this.run(() => this.redis.takeBound(key, binding));
  }

  isAvailable() {
    return this.redis.status === 'ready';
  }

  async ping() {
    await this.run(() => this.redis.ping());
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
