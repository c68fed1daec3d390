// In-process store for the single-node embedded default. JavaScript runs one callback at a time, so each
// method body is atomic; expiry is checked on read and swept periodically so memory does not grow.
import type { KeyValueStore } from './types';

type Entry = { value: string; expiresAt: number };

export class MemoryStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now, sweepIntervalMs = 30_000) {
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
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(key)) return false;
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
  }
}
