// Redis store. Commands fail fast while Redis is unreachable (no offline queue, one retry) and give up
// after REDIS_COMMAND_TIMEOUT_MS while it is connected but silent (frozen, overloaded), so callers answer
// 503 instead of hanging, and nothing silently falls back to memory. After a time-out the store counts as
// unavailable (503 at once, without another wait) until a background PING is answered again. The same on
// one server, Sentinel and Cluster (./redis-client.ts).
//
// Cluster: every command here touches exactly one key (GET, SET, DEL, the one-key takeBound script;
// rate-limiter-flexible's one-key script and its MULTI blocks on one key), so each is in one hash slot by
// construction and no key needs a {hash tag}. Keys spread over the slots by their own names; the prefix
// (REDIS_KEY_PREFIX) cannot hold `{`, so it never pins every key to one slot. A script or MULTI that
// touched two keys would have to give them a shared {tag}: the cluster suites would fail with CROSSSLOT.
import { Cluster } from 'ioredis';
import type { Logger } from '../logger';
import { createRedisClient, type RedisClient } from './redis-client';
import type { RedisTopology } from './redis-topology';
import { StoreUnavailableError, type KeyValueStore } from './types';

export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** ioredis's message when `commandTimeout` passes. */
const COMMAND_TIMEOUT_MESSAGE = 'Command timed out';
/** Between PINGs that failed at once (not connected); a PING that times out has already waited. */
const PROBE_PAUSE_MS = 200;

export type RedisStoreOptions = {
  /** REDIS_COMMAND_TIMEOUT_MS. */
  commandTimeoutMs?: number;
  /** Where losing and regaining Redis is reported (once each way). */
  logger?: Logger;
};

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

type RedisWithScripts = RedisClient & { takeBound(key: string, binding: string): Promise<string | null> };

/** The pause before connecting again after ioredis ended the connection on its own. */
const END_RECONNECT_DELAY_MS = 1_000;

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;

  /** A command timed out: unavailable until a PING is answered (see `probe`). */
  private stalled = false;
  private closed = false;
  /** Reported once when Redis is lost (connection or time-out), once when it is back. */
  private lost = false;

  private constructor(
    private readonly redis: RedisWithScripts,
    private readonly logger?: Logger,
  ) {
    // Errors surface on the commands; the connection keeps retrying in the background.
    redis.on('error', () => this.reportLost('redis connection lost; answering 503 until it is back'));
    redis.on('close', () => this.reportLost('redis connection lost; answering 503 until it is back'));
    redis.on('ready', () => this.reportBack());
    // ioredis gives up for good ('end') when a reconnection's connector fails outright, as a Sentinel
    // lookup can in the middle of a fail-over: start again, so the store comes back without a restart.
    redis.on('end', () => {
      if (this.closed) return;
      this.reportLost('redis connection ended; reconnecting');
      setTimeout(() => {
        if (!this.closed) redis.connect().catch(() => {});
      }, END_RECONNECT_DELAY_MS).unref();
    });
  }

  /** The client, for libraries that speak Redis themselves (rate-limiter-flexible). */
  get client(): RedisClient {
    return this.redis;
  }

  /**
   * Connects in the background and waits briefly for the first connection; a server started while Redis
   * is down still starts, answers 503 on what needs the store, and recovers when Redis comes back.
   */
  static async connect(target: RedisTopology | string, keyPrefix = 'vault:', waitMs = 2_000, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const { commandTimeoutMs = DEFAULT_REDIS_COMMAND_TIMEOUT_MS, logger } = options;
    const topology: RedisTopology = typeof target === 'string' ? { kind: 'single', url: target } : target;
    const redis = createRedisClient(topology, { keyPrefix, commandTimeoutMs });
    redis.defineCommand('takeBound', { numberOfKeys: 1, lua: TAKE_BOUND_SCRIPT });
    const store = new RedisStore(redis as RedisWithScripts, logger);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return store;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      if (isCommandTimeout(error)) this.stall();
      throw new StoreUnavailableError(error);
    }
  }

  private stall() {
    if (this.stalled || this.closed) return;
    this.stalled = true;
    this.reportLost('redis did not answer within REDIS_COMMAND_TIMEOUT_MS; answering 503 until it does');
    void this.probe();
  }

  /** PINGs until Redis answers (each PING waits at most the command time-out), then serves again. */
  private async probe() {
    while (this.stalled && !this.closed) {
      try {
        await this.redis.ping();
        this.stalled = false;
        if (this.redis.status === 'ready') this.reportBack();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS).unref());
      }
    }
  }

  private reportLost(message: string) {
    if (this.lost || this.closed) return;
    this.lost = true;
    this.logger?.warn(message);
  }

  private reportBack() {
    if (!this.lost || this.stalled || this.closed) return;
    this.lost = false;
    this.logger?.info('redis answering again');
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
    return this.redis.status === 'ready' && !this.stalled;
  }

  /** On a cluster the primary of every slot must answer: a key may live on any of them. */
  async ping() {
    const redis = this.redis;
    await this.run<unknown>(() => (redis instanceof Cluster ? pingEveryPrimary(redis) : redis.ping()));
  }

  async close() {
    this.closed = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** ioredis rejects a command with this once REDIS_COMMAND_TIMEOUT_MS has passed without an answer. */
export function isCommandTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === COMMAND_TIMEOUT_MESSAGE;
}

/**
 * The primaries the slot table names, each PINGed. ioredis drops a node whose connection ended from its
 * pool while the slot table still names it: such a primary counts as unreachable, not as absent.
 */
async function pingEveryPrimary(cluster: Cluster): Promise<void> {
  const primaries = new Set(cluster.slots.map((nodes) => nodes[0]).filter((key): key is string => Boolean(key)));
  if (primaries.size === 0) throw new Error('no cluster slots known');
  const connected = new Map(cluster.nodes('master').map((node) => [`${node.options.host}:${node.options.port}`, node]));
  await Promise.all(
    [...primaries].map((key) => {
      const node = connected.get(key);
      if (!node) throw new Error(`cluster primary ${key} unreachable`);
      return node.ping();
    }),
  );
}
