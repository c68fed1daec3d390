// Behind PgBouncer (DATABASE_POOLER=pgbouncer) migrations and LISTEN use DATABASE_DIRECT_URL, a session of
// their own: it must answer too, or a node cannot start (migrations) and webhooks wait for the next poll.
import type { Config } from '../../config';
import { fail, ok, type CheckResult } from './check-result';
import { postgresFix } from './check-database';
import { maskUrl } from './mask-url';

const NAME = 'direct database';
const DOCTOR_TIMEOUT_MS = 5_000;

export async function checkDirectDatabase(config: Config): Promise<CheckResult | null> {
  if (!config.DATABASE_DIRECT_URL) return null;
  const { default: pg } = await import('pg');
  const where = maskUrl(config.DATABASE_DIRECT_URL);
  const client = new pg.Client({ connectionString: config.DATABASE_DIRECT_URL, connectionTimeoutMillis: DOCTOR_TIMEOUT_MS, query_timeout: DOCTOR_TIMEOUT_MS });
  client.on('error', () => {});
  try {
    const started = performance.now();
    await client.connect();
    // A session holds a LISTEN: the statement the webhook worker runs there.
    await client.query('LISTEN vault_doctor');
    await client.query('UNLISTEN vault_doctor');
    return ok(NAME, `DATABASE_DIRECT_URL at ${where} answers as a session (${(performance.now() - started).toFixed(0)} ms, connection included)`);
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    return fail(NAME, `DATABASE_DIRECT_URL at ${where} does not answer: ${message || code || String(error)}`, postgresFix(error).replaceAll('DATABASE_URL', 'DATABASE_DIRECT_URL'));
  } finally {
    await client.end().catch(() => {});
  }
}
