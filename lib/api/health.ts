// GET /health — the process is up (liveness); GET /ready — database and store reachable (readiness).
import { getRuntime } from '../runtime';

const plain = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });

export async function health(): Promise<Response> {
  return plain(200, { status: 'ok' });
}

export async function ready(): Promise<Response> {
  const checks: Record<string, 'ok' | 'unavailable'> = { database: 'unavailable', store: 'unavailable' };
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
  const ok = checks.database === 'ok' && checks.store === 'ok';
  return plain(ok ? 200 : 503, { status: ok ? 'ready' : 'unavailable', checks });
}
