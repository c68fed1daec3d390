// Readiness: the database and the store each answer a ping within 2 s. Read by GET /ready and the landing page.
// Each check's round trip is reported too (`latency_ms`), null when it failed.
import { z } from 'zod';
import { getRuntime } from './shared';

const check = z.enum(['ok', 'unavailable']);
const latency = z.number().nonnegative().nullable();
export const ZReadinessSchema = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    checks: z.object({ database: check, store: check }),
    latency_ms: z
      .object({ database: latency, store: latency })
      .meta({ description: 'How long each check\'s ping took, in milliseconds (0.1 ms resolution); null when that check failed or timed out.' }),
  })
  .meta({ id: 'ReadyResponse' });
export type TReadiness = z.output<typeof ZReadinessSchema>;

const TIMEOUT_MS = 2_000;

/** The ping's round trip in ms, or null when it failed or took longer than TIMEOUT_MS. */
async function timedPing(ping: () => Promise<void>): Promise<number | null> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref()));
  try {
    await Promise.race([ping(), timeout]);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(): Promise<TReadiness> {
  let latencies: TReadiness['latency_ms'] = { database: null, store: null };
  try {
    const runtime = await getRuntime();
    const [database, store] = await Promise.all([timedPing(() => runtime.db.ping()), timedPing(() => runtime.store.ping())]);
    latencies = { database, store };
  } catch {
    // Runtime could not start: both stay unavailable.
  }
  const checks: TReadiness['checks'] = {
    database: latencies.database === null ? 'unavailable' : 'ok',
    store: latencies.store === null ? 'unavailable' : 'ok',
  };
  return { status: checks.database === 'ok' && checks.store === 'ok' ? 'ready' : 'unavailable', checks, latency_ms: latencies };
}
