// The in-process store's rate-limit counters: the storage rate-limiter-flexible's RateLimiterMemory counts
// in (same methods, same answers as its own MemoryStorage), shared by every limiter of one store (keys
// carry the limiter's prefix) and bounded. Past the bound the oldest counters are evicted first: an
// attacker who makes up keys (emails, IPs) can only push out old counters, never grow the process.
// Expired counters are dropped on read and by the store's sweep, not by one timer per key.
import { RateLimiterRes } from 'rate-limiter-flexible';

type Counter = { value: number; expiresAt: number | null };

export class RateLimitStorage {
  // Insertion order is age order: a counter that restarts its window is re-inserted at the end.
  private readonly counters = new Map<string, Counter>();

  constructor(
    readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.counters.size;
  }

  private live(key: string): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.expiresAt !== null && counter.expiresAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private msBeforeExpiry(counter: Counter): number {
    return counter.expiresAt === null ? -1 : counter.expiresAt - this.now();
  }

  incrby(key: string, value: number, durationSec: number): RateLimiterRes {
    const counter = this.live(key);
    if (!counter) return this.set(key, value, durationSec);
    counter.value += value;
    return new RateLimiterRes(0, this.msBeforeExpiry(counter), counter.value, false);
  }

  set(key: string, value: number, durationSec: number): RateLimiterRes {
    const durationMs = durationSec * 1000;
    this.counters.delete(key);
    while (this.counters.size >= this.maxEntries) {
      const oldest = this.counters.keys().next();
      if (oldest.done) break;
      this.counters.delete(oldest.value);
    }
    this.counters.set(key, { value: Math.trunc(value), expiresAt: durationMs > 0 ? this.now() + durationMs : null });
    return new RateLimiterRes(0, durationMs === 0 ? -1 : durationMs, Math.trunc(value), true);
  }

  get(key: string): RateLimiterRes | null {
    const counter = this.live(key);
    return counter ? new RateLimiterRes(0, this.msBeforeExpiry(counter), counter.value, false) : null;
  }

  delete(key: string): boolean {
    return this.counters.delete(key);
  }

  has(key: string): boolean {
    return this.live(key) !== undefined;
  }

  sweep(): void {
    const now = this.now();
    for (const [key, counter] of this.counters) if (counter.expiresAt !== null && counter.expiresAt <= now) this.counters.delete(key);
  }

  clear(): void {
    this.counters.clear();
  }
}
