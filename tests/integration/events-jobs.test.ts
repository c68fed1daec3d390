// The event jobs (issue 13) on a database of their own (they act on every session and event of the
// installation, and move clocks forward): the checkout expiry sweeper expires lapsed sessions nobody loads,
// one checkout.session.expired each, leaves live charges, future deadlines and finished sessions alone,
// works in bounded batches and shares the work with a concurrent sweeper without a double; the started jobs
// (CHECKOUT_EXPIRY_SWEEP_MS) do it by themselves; the retention purge deletes old events with their
// deliveries and attempts, in batches, and keeps the rest.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedSessions } from '../../lib/checkout/expire-lapsed-sessions';
import { purgeOldEvents } from '../../lib/events/purge-old-events';
import { recordEvent } from '../../lib/events/record-event';
import { customer, makeMerchant, openSession, type TestMerchant } from '../helpers/checkout';
import { expectEnvelope, insertEndpoint, onlyEvent, storedEvents } from '../helpers/events';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type TestVault } from '../helpers/test-vault';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let database: OwnDatabase;
let vault: TestVault;
let merchant: TestMerchant;
beforeAll(async () => {
  database = await ownDatabase();
  vault = await startTestVault({
    // WEBHOOK_WORKER on (test vaults default to off): this process runs the event jobs, on its own database.
    env: { ...database.env, WEBHOOK_WORKER: 'on', CHECKOUT_URL: 'https://pay.vault.example', CHECKOUT_MIN_EXPIRY_SECONDS: '1', CHECKOUT_EXPIRY_SWEEP_MS: '200' },
  });
  merchant = await makeMerchant(vault);
});
afterAll(async () => {
  await vault?.close();
  await database?.drop();
});

const projects = () => [vault.tenants.test.projectId, vault.tenants.production.projectId, vault.tenants.other.projectId];
const statusOf = async (sessionId: string) => (await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: sessionId } })).status;
const expiredEvents = (sessionId: string) => storedEvents(vault.runtime, { projectIds: projects(), type: 'checkout.session.expired', match: (data) => data.session_id === sessionId });
const sessionEvents = (sessionId: string) => storedEvents(vault.runtime, { projectIds: projects(), match: (data) => data.session_id === sessionId });
const setClaim = (sessionId: string, until: Date) =>
  vault.runtime.db.sql.query('UPDATE checkout_sessions SET charge_lock_id = $2, charge_lock_until = $3::timestamptz WHERE id = $1', [sessionId, randomUUID(), until]);
/** The exact envelope of a sweeper's event: the session as stored (10.50 EUR, no attempt), now expired. */
function expectSweptEvent(event: Awaited<ReturnType<typeof onlyEvent>>, sessionId: string): void {
  expectEnvelope(event, {
    type: 'checkout.session.expired',
    projectId: vault.tenants.test.projectId,
    livemode: false,
    data: { session_id: sessionId, merchant_id: merchant.id, mode: 'payment', amount: '10.50', currency: 'EUR', status: 'expired', attempts: 0, transaction_id: null, brand: null, last4: null, token: null },
  });
}

describe('the checkout expiry sweeper', () => {
  it('expires the lapsed open sessions nobody loads, one event each; leaves live claims, later deadlines, ended sessions', async () => {
    const now = Date.now();
    const clock = new Date(now + 30 * MINUTE);
    const lapsed = await openSession(vault, merchant, { expiresInSeconds: 600 });
    const lapsedClaim = await openSession(vault, merchant, { expiresInSeconds: 600 });
    await setClaim(lapsedClaim, new Date(now + 10 * MINUTE));
    const liveClaim = await openSession(vault, merchant, { expiresInSeconds: 600 });
    await setClaim(liveClaim, new Date(now + 2 * 60 * MINUTE));
    const later = await openSession(vault, merchant, { expiresInSeconds: 3600 });
    const cancelled = await openSession(vault, merchant, { expiresInSeconds: 600 });
    expect((await customer(vault, cancelled, 'cancel')).status).toBe(200);

    expect(await expireLapsedSessions(vault.runtime.db, { now: clock })).toBe(2);
    for (const sessionId of [lapsed, lapsedClaim]) {
      expectSweptEvent(await onlyEvent(vault.runtime, projects(), 'checkout.session.expired', (data) => data.session_id === sessionId), sessionId);
      expect(await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({ status: 'expired', chargeLockId: null, chargeLockUntil: null });
    }
    for (const sessionId of [liveClaim, later]) {
      expect(await statusOf(sessionId)).toBe('open');
      expect(await sessionEvents(sessionId)).toEqual([]);
    }
    expect((await sessionEvents(cancelled)).map((event) => event.type)).toEqual(['checkout.session.cancelled']);
    // A second sweep at the same time changes nothing and writes nothing.
    expect(await expireLapsedSessions(vault.runtime.db, { now: clock })).toBe(0);
    expect(await expiredEvents(lapsed)).toHaveLength(1);
    // Once their time comes, the others go too (the live claim once it has lapsed).
    expect(await expireLapsedSessions(vault.runtime.db, { now: new Date(now + 3 * 60 * MINUTE) })).toBe(2);
    for (const sessionId of [liveClaim, later]) expect(await expiredEvents(sessionId)).toHaveLength(1);
  });

  it('in bounded batches, and two sweepers at once expire each session exactly once', async () => {
    const sessions = await Promise.all(Array.from({ length: 7 }, () => openSession(vault, merchant, { expiresInSeconds: 600 })));
    const clock = new Date(Date.now() + 30 * MINUTE);
    const swept = await Promise.all([expireLapsedSessions(vault.runtime.db, { now: clock, batchSize: 2 }), expireLapsedSessions(vault.runtime.db, { now: clock, batchSize: 3 })]);
    expect(swept[0] + swept[1]).toBe(sessions.length);
    for (const sessionId of sessions) {
      expect(await statusOf(sessionId)).toBe('expired');
      expectSweptEvent((await expiredEvents(sessionId))[0]!, sessionId);
      expect(await expiredEvents(sessionId)).toHaveLength(1);
    }
  });

  it('the started jobs (CHECKOUT_EXPIRY_SWEEP_MS) expire a lapsed session by themselves, once', async () => {
    const sessionId = await openSession(vault, merchant, { expiresInSeconds: 600 });
    await vault.runtime.db.sql.query(`UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [sessionId]);
    const deadline = Date.now() + 10_000;
    while ((await expiredEvents(sessionId)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await statusOf(sessionId)).toBe('expired');
    // Several more sweeps pass: still the one event.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const events = await expiredEvents(sessionId);
    expect(events).toHaveLength(1);
    expectSweptEvent(events[0]!, sessionId);
  });
});

describe('the retention purge', () => {
  it('deletes the events older than EVENT_RETENTION_DAYS with their deliveries and attempts, in batches; keeps the rest', async () => {
    const projectId = vault.tenants.other.projectId;
    const endpointId = await insertEndpoint(vault.runtime, projectId, ['*']);
    const now = new Date();
    const write = (ageDays: number) =>
      recordEvent(vault.runtime.db.sql, { projectId, livemode: false, type: 'token.deleted', data: { age: ageDays }, createdAt: new Date(now.getTime() - ageDays * DAY) });
    const old = await Promise.all([31, 32, 40, 45, 90].map(async (age) => (await write(age))!.id));
    const kept = await Promise.all([0, 1, 29].map(async (age) => (await write(age))!.id));
    const [oldDelivery] = await vault.runtime.db.sql.query<{ id: string }>('SELECT id::text AS id FROM webhook_deliveries WHERE event_id = $1 AND endpoint_id = $2::uuid', [old[0], endpointId]);
    await vault.runtime.db.sql.query(
      `INSERT INTO webhook_attempts (id, delivery_id, attempt, timestamp, status_code, latency_ms, succeeded) VALUES ($1::uuid, $2::uuid, 1, 0, 500, 10, false)`,
      [randomUUID(), oldDelivery!.id],
    );

    expect(await purgeOldEvents(vault.runtime.db, { retentionDays: 30, now, batchSize: 2 })).toBe(old.length);
    const left = (await storedEvents(vault.runtime, { projectIds: [projectId], type: 'token.deleted' })).map((event) => event.id);
    expect(left.sort()).toEqual([...kept].sort());
    const [counts] = await vault.runtime.db.sql.query<{ deliveries: number; attempts: number; kept: number }>(
      `SELECT (SELECT count(*) FROM webhook_deliveries WHERE event_id = ANY($1::text[]))::int AS deliveries,
              (SELECT count(*) FROM webhook_attempts WHERE delivery_id = $2::uuid)::int AS attempts,
              (SELECT count(*) FROM webhook_deliveries WHERE event_id = ANY($3::text[]))::int AS kept`,
      [old, oldDelivery!.id, kept],
    );
    expect(counts).toEqual({ deliveries: 0, attempts: 0, kept: kept.length });
    expect(await purgeOldEvents(vault.runtime.db, { retentionDays: 30, now })).toBe(0);
  });
});
