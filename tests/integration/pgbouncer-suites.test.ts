// A slice of the vault suite run again, unchanged, behind a real PgBouncer in transaction pooling mode
// (DATABASE_POOLER=pgbouncer, migrations and LISTEN on DATABASE_DIRECT_URL): tokenize, detokenize, token
// reads and deletes, CVC sessions, the proxy to a local PSP, hosted checkout pay, audit reads and verify,
// and sign-in. Every test vault (and own database) of those files goes through PgBouncer here
// (tests/helpers/database-route.ts). Each suite is imported inside a describe of its own, so its vault is
// started and closed around its own tests (one runtime per process is the shared one). PostgreSQL only: the
// embedded database has no pooler. The failure mode without the switch is in pgbouncer.test.ts.
import { describe, expect, inject, it } from 'vitest';
import { routeThroughPgBouncer } from '../helpers/pgbouncer';
import { systemBinary } from '../helpers/system-binary';

const databaseUrl = inject('databaseUrl');
const available = Boolean(databaseUrl && systemBinary('pgbouncer'));

const suites = {
  tokenize: () => import('./tokenize.test'),
  detokenize: () => import('./detokenize.test'),
  'tokens API (reads, delete)': () => import('./tokens-api.test'),
  'CVC sessions': () => import('./cvc-sessions.test'),
  'proxy transaction': () => import('./proxy-transaction.test'),
  'checkout pay': () => import('./checkout-pay.test'),
  'audit reads and verify': () => import('./audit-reads.test'),
  'auth session (sign-in)': () => import('./auth-session.test'),
};

if (available) {
  describe('behind PgBouncer in transaction pooling mode', () => {
    const bouncer = routeThroughPgBouncer(databaseUrl);
    for (const [name, load] of Object.entries(suites)) describe(name, async () => void (await load()));

    it('served those suites: their transactions on the run\'s database went through PgBouncer', async () => {
      const name = new URL(databaseUrl).pathname.slice(1);
      const stats = await bouncer().admin('SHOW STATS');
      expect(Number(stats.find((entry) => entry.database === name)?.total_xact_count)).toBeGreaterThan(0);
    });
  });
} else {
  it.skip('behind PgBouncer: needs PostgreSQL (DATABASE_URL) and pgbouncer', () => {});
}
