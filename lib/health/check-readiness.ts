// Readiness: the database and the store each answer a ping within 2 s. Read by GET /ready and the landing page.
import { z } from 'zod';
import { getRuntime } from '../runtime';

const check = z.enum(['ok', 'unavailable']);
export const ZReadinessSchema = z
  .object({ status: z.enum(['ready', 'unavailable']), checks: z.object({ database: check, store: check }) })
  .meta({ id: 'ReadyResponse' });
export type TReadiness = z.output<typeof ZReadinessSchema>;

export async function checkReadiness(): Promise<TReadiness> {
  const checks: TReadiness['checks'] = { database: 'unavailable', store: 'unavailable' };
  try {
    const runtime = await getRuntime();
    const within = <T>(promise: Promise<T>) =>
      Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref())]);
    const [database, store] = await Promise.allSettled([within(runtime.db.ping()), within(runtime.store.ping())]);
    checks.database = database.status === 'fulfilled' ? 'ok' : 'unavailable';
    checks.store = store.status === 'fulfilled' ? 'ok' : 'unavailable';
  } catch {
    // Runtime could not start: both stay unavailable.
  }
  return { status: checks.database === 'ok' && checks.store === 'ok' ? 'ready' : 'unavailable', checks };
}
