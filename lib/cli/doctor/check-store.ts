// The volatile store (CVC sessions, idempotency records, rate limits): Redis answers a PING, or the
// in-process store, which is right for one node only.
import type { Config } from '../../config';
import { connectStore } from '../../store/connect';
import { fail, ok, warn, type CheckResult } from './check-result';
import { maskUrl } from './mask-url';

const NAME = 'store';

export async function checkStore(config: Config): Promise<CheckResult> {
  if (!config.REDIS_URL) {
    const detail = 'in-process store: CVC sessions, idempotency records and rate limits live in this one process';
    return config.NODE_ENV === 'production' ? warn(NAME, detail, 'with more than one node, set REDIS_URL so that every node shares them') : ok(NAME, detail);
  }
  const where = maskUrl(config.REDIS_URL);
  const store = await connectStore({ redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS });
  try {
    if (!store.isAvailable()) return fail(NAME, `Redis at ${where} is not reachable (no connection within 2 s)`, 'start Redis, or correct the host, port and password in REDIS_URL (rediss:// for TLS)');
    const started = performance.now();
    await store.ping();
    return ok(NAME, `Redis at ${where} answers PING (${(performance.now() - started).toFixed(0)} ms)`);
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    return fail(NAME, `Redis at ${where} does not answer: ${cause?.message ?? (error as Error).message}`, 'check REDIS_URL (password, TLS) and that Redis is not overloaded (REDIS_COMMAND_TIMEOUT_MS)');
  } finally {
    await store.close();
  }
}
