// In-process store for the single-node embedded default. JavaScript runs one callback at a time, so each
// method body is atomic; expiry is checked on read and swept periodically so memory does not grow.
// Bounded (MEMORY_STORE_MAX_ENTRIES, default 100,000): past the bound a new value (a CVC session, an
// idempotency claim, …) is refused with StoreFullError, a 503, instead of the process growing without end;
// values already stored can still be read, replaced and deleted. Rate-limit counters live beside the
// values in a storage of the same bound that evicts its oldest counters instead (./rate-limit-storage.ts).
import { RateLimitStorage } from './rate-limit-storage';
import { StoreFullError, type KeyValueStore } from './types';

type Entry = { value: string; expiresAt: number };

export const DEFAULT_MEMORY_STORE_MAX_ENTRIES = 100_000;

/** While full, expired values are swept at most this often before a new value is refused. */
const FULL_SWEEP_INTERVAL_MS = 1_000;

export class MemoryStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;
  private lastSweep = -Infinity;
  /** The rate limiters' counters (lib/store/rate-limiter.ts), bounded alike, evicted oldest first. */
  readonly rateLimits: RateLimitStorage;

  constructor(
    private readonly now: () => number = Date.now,
    sweepIntervalMs = 30_000,
    readonly maxEntries = DEFAULT_MEMORY_STORE_MAX_ENTRIES,
  ) {
    this.rateLimits = new RateLimitStorage(maxEntries, now);
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    this.rateLimits.sweep();
  }

  /** Room for one more key (`key` is not live): sweeps expired values first when full; else StoreFullError. */
  private reserve(): void {
    if (this.entries.size < this.maxEntries) return;
    if (this.now() - this.lastSweep >= FULL_SWEEP_INTERVAL_MS) this.sweep();
    if (this.entries.size >= this.maxEntries) throw new StoreFullError(this.maxEntries);
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (!this.live(key)) this.reserve();
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.reserve();
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    return true;
  }

  async delete(key: string): Promise<boolean> {
    const existed = this.live(key) !== undefined;
    this.entries.delete(key);
    return existed;
  }

  async takeBound(key: string, binding: string): Promise<string | null> {
    const entry = this.live(key);
    const prefix = `${binding}|`;
    if (!entry || !entry.value.startsWith(prefix)) return null;
    const rest = entry.value.slice(prefix.length);
    if (rest.startsWith('o|')) this.entries.delete(key);
    return rest.slice(2);
  }

  isAvailable(): boolean {
    return true;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.rateLimits.clear();
  }
}
