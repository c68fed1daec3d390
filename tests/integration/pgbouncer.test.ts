// Behind a real PgBouncer 1.18 in transaction pooling mode (tests/helpers/pgbouncer.ts): why
// DATABASE_POOLER=pgbouncer is needed (a named prepared statement is unknown on the next server connection)
// and that it works; that migrations and LISTEN use DATABASE_DIRECT_URL (they need a session of their own);
// and webhook delivery woken through it. The vault suite itself runs behind it in pgbouncer-suites.test.ts.
// PostgreSQL only: the embedded database has no pooler.
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../lib/db/connect';
import { WEBHOOK_CHANNEL } from '../../lib/events/record-event';
import { migrationsDir } from '../../lib/paths';
import { loginAs } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { routeThroughPgBouncer } from '../helpers/pgbouncer';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { systemBinary } from '../helpers/system-binary';
import { startTestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

const databaseUrl = inject('databaseUrl');
const available = Boolean(databaseUrl && systemBinary('pgbouncer'));

describe.runIf(available)('behind PgBouncer in transaction pooling mode (PostgreSQL)', () => {
  const bouncer = routeThroughPgBouncer(databaseUrl);

  /**
   * Two tokenizations by a vault holding one connection to PgBouncer, with another client holding, in an
   * open transaction, the server connection the first ran on (PgBouncer hands out its most recently used
   * one): the second runs on another server connection.
   */
  async function tokenizeAroundAHeldServer(pooler: 'none' | 'pgbouncer') {
    const vault = await startTestVault({ env: { DATABASE_POOLER: pooler, DATABASE_POOL_SIZE: '1', AUDIT_SEALER: 'off' } });
    const holder = new pg.Client({ connectionString: bouncer().urlFor(databaseUrl) });
    try {
      const first = await vault.call('POST', '/tokenize', { json: cardRequest() });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1');
      const second = await vault.call('POST', '/tokenize', { json: cardRequest() });
      return { first, second, logs: vault.logs.join('\n') };
    } finally {
      await holder.end();
      await vault.close();
    }
  }

  it('without DATABASE_POOLER=pgbouncer, a named statement is unknown on the next server connection: 500', async () => {
    const { first, second, logs } = await tokenizeAroundAHeldServer('none');
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(500);
    expect(second.json).toMatchObject({ success: false, error: { code: 'internal_error' } });
    expect(logs).toMatch(/prepared statement \\"vault_insert_tokens_1\\" does not exist/);
  });

  it('with DATABASE_POOLER=pgbouncer, statements go unnamed: both succeed', async () => {
    const { first, second, logs } = await tokenizeAroundAHeldServer('pgbouncer');
    expect([first.status, second.status], second.text).toEqual([201, 201]);
    expect(first.json.token).not.toBe(second.json.token);
    expect(logs).not.toContain('prepared statement');
  });

  describe('migrations and LISTEN on DATABASE_DIRECT_URL', () => {
    let scratch: ScratchDatabase;
    beforeAll(async () => {
      scratch = await createScratchDatabase(databaseUrl);
    });
    afterAll(() => scratch?.drop());

    it('migrate a fresh database and hear a NOTIFY while PgBouncer holds every statement for it (PAUSE)', async () => {
      const name = new URL(scratch.url).pathname.slice(1);
      const db = await connectDatabase({ databaseUrl: bouncer().urlFor(scratch.url), directUrl: scratch.url, pooler: 'pgbouncer', dataDir: 'memory://', poolSize: 2, queryTimeoutMs: 60_000 });
      const notifier = new pg.Client({ connectionString: scratch.url });
      try {
        await db.ping();
        await bouncer().admin(`PAUSE ${name}`);
        let settled = false;
        const held = db.sql.query<{ n: number }>('SELECT 1 AS n').finally(() => (settled = true));
        const applied = await db.migrate();
        expect(applied).toEqual(readdirSync(migrationsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort());
        let heard = 0;
        const unlisten = await db.listen(WEBHOOK_CHANNEL, () => heard++);
        await notifier.connect();
        await notifier.query(`NOTIFY ${WEBHOOK_CHANNEL}`);
        for (let wait = 0; heard === 0 && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
        await unlisten();
        expect(heard).toBe(1);
        // Proof that none of the above went through PgBouncer: its pool was paused all along.
        expect(settled).toBe(false);
        await bouncer().admin(`RESUME ${name}`);
        expect(await held).toEqual([{ n: 1 }]);
        const [table] = await db.sql.query<{ migrations: number }>('SELECT count(*)::int AS migrations FROM _prisma_migrations');
        expect(table).toEqual({ migrations: applied.length });
      } finally {
        await bouncer().admin(`RESUME ${name}`).catch(() => {});
        await notifier.end().catch(() => {});
        await db.close();
      }
    });
  });

  describe('webhook delivery', () => {
    let own: OwnDatabase;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      own = await ownDatabase();
      receiver = await startWebhookReceiver({ host: '127.0.0.1' });
    });
    afterAll(async () => {
      await receiver?.close();
      await own?.drop();
    });

    it('a tokenization reaches its endpoint, woken by the NOTIFY it sent through PgBouncer (polling once an hour)', async () => {
      const vault = await startTestVault({
        env: { ...own.env, WEBHOOK_WORKER: 'on', WEBHOOK_POLL_INTERVAL_MS: '3600000', WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' },
        pspCa: receiver.ca,
      });
      try {
        const users = await seedUsers(vault, 'bouncer');
        const jwt = await loginAs(vault, users.owner.email);
        const endpoint = await vault.call('POST', '/api/webhook-endpoints', {
          key: null,
          headers: { authorization: `Bearer ${jwt}` },
          json: { project_id: vault.tenants.test.projectId, url: receiver.url('/bouncer'), event_types: ['token.created'] },
        });
        expect(endpoint.status, endpoint.text).toBe(201);
        receiver.secrets = [endpoint.json.data.secret];
        const tokenized = await vault.call('POST', '/tokenize', { json: cardRequest() });
        expect(tokenized.status, tokenized.text).toBe(201);
        await receiver.waitFor((all) => all.some((request) => request.verified.ok && request.verified.event.data.token === tokenized.json.token), 10_000);
        const [delivery] = (await vault.call('GET', `/api/webhook-endpoints/${endpoint.json.data.id}/deliveries`, { key: null, headers: { authorization: `Bearer ${jwt}` } })).json.data;
        expect(delivery).toMatchObject({ status: 'succeeded', attempt_log: [expect.objectContaining({ succeeded: true })] });
      } finally {
        await vault.close();
      }
    });
  });
});
