// The volatile key-value store: Redis when configured (REDIS_URL, Sentinel or Cluster), otherwise
// in-process. Same TTL semantics, same atomic operations, so everything above it is written once.

export type CvcSessionMode = 'once' | 'reusable';

export interface KeyValueStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** SET NX EX: true when this call created the key. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** true when a key was deleted. */
  delete(key: string): Promise<boolean>;
  /**
   * Atomically reads a value stored as `<binding>|<mode>|<payload>` when its binding matches, deleting it
   * in the same step when its mode is `once` (GETDEL semantics): two concurrent takers of a `once` value
   * never both get it. Returns the payload, or null when missing, expired or bound to something else
   * (a mismatched binding leaves the value untouched).
   */
  takeBound(key: string, binding: string): Promise<string | null>;
  /** Connected right now (no round trip): lets the API fail closed at once while Redis is down. */
  isAvailable(): boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function encodeBound(binding: string, mode: CvcSessionMode, payload: string): string {
  return `${binding}|${mode === 'once' ? 'o' : 'r'}|${payload}`;
}

/** The store is down or unreachable: callers answer 503 and never fall back to another store. */
export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('store unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** The in-process store holds MEMORY_STORE_MAX_ENTRIES values: a new one is refused (503) until some expire. */
export class StoreFullError extends StoreUnavailableError {
  constructor(readonly maxEntries: number) {
    super();
    this.message = `in-process store full (MEMORY_STORE_MAX_ENTRIES=${maxEntries})`;
    this.name = 'StoreFullError';
  }
}
