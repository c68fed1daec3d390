// Checkout events (issue 13), written at their source in the transaction of the change they report: driven
// through the hosted checkout's API (Pay, Cancel, the merchant's GET, merchant deletion), then read from
// webhook_events. Each change writes exactly one event of its type with the exact envelope and data; a
// repeated no-op (re-cancel, re-read, a Pay refused by the session's state) writes none; a change that
// rolls back (its attempt row refused by the database) writes none, and its later recording writes one.
// Deliveries are fanned out to the subscribed endpoints; no card number reaches any event.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHECKOUT_ATTEMPTS } from '../../lib/checkout/checkout-rules';
import { PROCESSOR_ERROR_MESSAGE } from '../../lib/checkout/processors/results';
import { loginAs } from '../helpers/accounts';
import { CARD, createSession, customer, makeMerchant, openSession, readSession, type TestMerchant } from '../helpers/checkout';
import { deliveredTo, expectEnvelope, expectNoCardNumbersInEvents, insertEndpoint, onlyEvent, storedEvents } from '../helpers/events';
import { managementCall } from '../helpers/management';
import { startTestPsp, type PspReply, type TestPsp } from '../helpers/psp-server';
import { refuseInserts } from '../helpers/refuse-inserts';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, type TestUsers } from '../helpers/users';

const CHECKOUT_URL = 'https://pay.vault.example';
const DECLINE = '4000000000000002';
const PROCESSOR_ERROR = '4000000000000119';
const CANARY_PAN = '4111111111111111';
const OTHER_CANARY_PAN = '4000056655665556';

let vault: TestVault;
let psp: TestPsp;
let users: TestUsers;
let sandbox: TestMerchant;
/** Charges through the local PSP, in the test project and in the production project. */
let http: TestMerchant;
let live: TestMerchant;
let charges = 0;
const approve = (): PspReply => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: `ch_${charges}` }) });
/** What the PSP answers to the next charge (approves unless a test says otherwise). */
let answer: (request: { body: Buffer }) => PspReply = approve;
const cleanups: (() => Promise<void>)[] = [];
const httpProcessor = () => ({ type: 'http' as const, url: psp.url('/v1/charges'), body: { number: '${cardNumber}', cvc: '${cvv}' }, transaction_id_path: 'id' });

beforeAll(async () => {
  psp = await startTestPsp();
  psp.reply((request) => {
    charges += 1;
    return answer(request);
  });
  vault = await startTestVault({ env: { CHECKOUT_URL, CHECKOUT_MIN_EXPIRY_SECONDS: '1', CHECKOUT_PAY_LIMIT_PER_MINUTE: '10000' }, pspCa: psp.ca });
  users = await seedUsers(vault, 'events-checkout');
  sandbox = await makeMerchant(vault, { name: 'Sandbox Shop' });
  http = await makeMerchant(vault, { name: 'PSP Shop', processor: httpProcessor() });
  // A production project sends card data only to hosts it lists (issue 21).
  await vault.runtime.db.prisma.project.update({ where: { id: vault.tenants.production.projectId }, data: { allowedProxyHosts: [`localhost:${psp.port}`] } });
  live = await makeMerchant(vault, { name: 'Live Shop', projectId: vault.tenants.production.projectId, processor: httpProcessor() });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  answer = approve;
});
afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

const projects = () => [vault.tenants.test.projectId, vault.tenants.production.projectId, vault.tenants.other.projectId];
const pay = (sessionId: string, card: Record<string, unknown> = {}) => customer(vault, sessionId, 'pay', { json: { ...CARD, ...card } });
const cancel = (sessionId: string) => customer(vault, sessionId, 'cancel');
/** The types of the events about this session, in the order written. */
const sessionEventTypes = async (sessionId: string) => (await storedEvents(vault.runtime, { projectIds: projects(), match: (data) => data.session_id === sessionId })).map((event) => event.type);
const sessionEvent = (type: string, sessionId: string) => onlyEvent(vault.runtime, projects(), type, (data) => data.session_id === sessionId);
const pastDeadline = (sessionId: string) => vault.runtime.db.sql.query(`UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [sessionId]);

/** The data of a checkout event about a session of `merchant` (10.50 EUR, no attempt yet) with `changes`. */
const sessionData = (sessionId: string, merchant: TestMerchant, changes: Record<string, unknown>) => ({
  session_id: sessionId,
  merchant_id: merchant.id,
  mode: 'payment',
  amount: '10.50',
  currency: 'EUR',
  status: 'open',
  attempts: 0,
  transaction_id: null,
  brand: null,
  last4: null,
  token: null,
  ...changes,
});
/** The envelope fields of an event of the test project (not live). */
const inTest = () => ({ projectId: vault.tenants.test.projectId, livemode: false });

describe('checkout.session.completed', () => {
  it('one event for the approved Pay, with the exact envelope; fanned out to the endpoints subscribed to it', async () => {
    const onlyCompleted = await insertEndpoint(vault.runtime, vault.tenants.test.projectId, ['checkout.session.completed']);
    const everything = await insertEndpoint(vault.runtime, vault.tenants.test.projectId, ['*']);
    await insertEndpoint(vault.runtime, vault.tenants.test.projectId, ['checkout.payment.failed']);
    await insertEndpoint(vault.runtime, vault.tenants.test.projectId, ['checkout.session.completed'], { enabled: false });
    await insertEndpoint(vault.runtime, vault.tenants.other.projectId, ['*']);
    const sessionId = await openSession(vault, sandbox);
    const paid = await pay(sessionId);
    expect(paid.status).toBe(200);
    const { transactionId } = paid.json.paymentData;
    const event = await sessionEvent('checkout.session.completed', sessionId);
    expectEnvelope(event, {
      type: 'checkout.session.completed',
      ...inTest(),
      data: sessionData(sessionId, sandbox, { status: 'completed', attempts: 1, transaction_id: transactionId, brand: 'visa', last4: '4242' }),
    });
    expect(await deliveredTo(vault.runtime, event)).toEqual([onlyCompleted, everything].sort());
    // The paid session refuses further changes, and they write nothing.
    expect((await pay(sessionId)).status).toBe(409);
    expect((await cancel(sessionId)).status).toBe(409);
    expect((await readSession(vault, sandbox, sessionId)).json.data.status).toBe('completed');
    expect(await sessionEventTypes(sessionId)).toEqual(['checkout.session.completed']);
  });

  it('the card the Pay tokenized has its token.created, in the session\'s project with its application', async () => {
    const sessionId = await openSession(vault, sandbox);
    const paid = await pay(sessionId, { cardNumber: CANARY_PAN });
    expect(paid.status).toBe(200);
    const { tokenId } = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: paid.headers.get('x-request-id')!, action: 'checkout.tokenize' }, select: { tokenId: true } });
    const token = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { id: tokenId! } });
    const event = await onlyEvent(vault.runtime, projects(), 'token.created', (data) => data.token === token.token);
    expectEnvelope(event, {
      type: 'token.created',
      ...inTest(),
      data: { token: token.token, type: 'card', brand: 'visa', last4: '1111', application_id: vault.tenants.test.applicationId, created_at: token.createdAt.toISOString() },
    });
  });

  it('a production project\'s session: livemode true', async () => {
    const response = await vault.call('POST', '/api/sessions/create', {
      key: vault.tenants.production.keys.full,
      json: { merchantId: live.id, amount: '10.50', currency: 'EUR', successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/cart', errorUrl: 'https://shop.example/error' },
      headers: { 'x-service-api-key': live.serviceApiKey },
    });
    expect(response.status).toBe(201);
    const { sessionId } = response.json;
    const paid = await pay(sessionId);
    expect(paid.status).toBe(200);
    expectEnvelope(await sessionEvent('checkout.session.completed', sessionId), {
      type: 'checkout.session.completed',
      projectId: vault.tenants.production.projectId,
      livemode: true,
      data: sessionData(sessionId, live, { status: 'completed', attempts: 1, transaction_id: paid.json.paymentData.transactionId, brand: 'visa', last4: '4242' }),
    });
  });
});

describe('checkout.payment.failed', () => {
  it('one per declined or failed attempt, then completed; a card refused before any charge writes none', async () => {
    const sessionId = await openSession(vault, sandbox);
    expect((await pay(sessionId, { cardNumber: '4242424242424241' })).status).toBe(400);
    expect(await sessionEventTypes(sessionId)).toEqual([]);
    expect((await pay(sessionId, { cardNumber: DECLINE })).status).toBe(402);
    expect((await pay(sessionId, { cardNumber: PROCESSOR_ERROR })).status).toBe(502);
    const paid = await pay(sessionId, { cardNumber: '5555 5555 5555 4444' });
    expect(paid.status).toBe(200);
    const events = await storedEvents(vault.runtime, { projectIds: projects(), match: (data) => data.session_id === sessionId });
    expect(events.map((event) => event.type)).toEqual(['checkout.payment.failed', 'checkout.payment.failed', 'checkout.session.completed']);
    expectEnvelope(events[0]!, {
      type: 'checkout.payment.failed',
      ...inTest(),
      data: { ...sessionData(sessionId, sandbox, { attempts: 1, brand: 'visa', last4: '0002' }), failure_code: 'card_declined', failure_message: 'Your card was declined' },
    });
    expectEnvelope(events[1]!, {
      type: 'checkout.payment.failed',
      ...inTest(),
      data: { ...sessionData(sessionId, sandbox, { attempts: 2, brand: 'visa', last4: '0119' }), failure_code: 'processor_error', failure_message: PROCESSOR_ERROR_MESSAGE },
    });
    expectEnvelope(events[2]!, {
      type: 'checkout.session.completed',
      ...inTest(),
      data: sessionData(sessionId, sandbox, { status: 'completed', attempts: 3, transaction_id: paid.json.paymentData.transactionId, brand: 'mastercard', last4: '4444' }),
    });
  });
});

describe('checkout.session.expired', () => {
  it('the 5th failure: its payment.failed, then one session.expired; a 6th Pay and a Cancel write nothing', async () => {
    const sessionId = await openSession(vault, sandbox);
    for (let attempt = 1; attempt <= MAX_CHECKOUT_ATTEMPTS; attempt++) await pay(sessionId, { cardNumber: DECLINE });
    expect((await pay(sessionId)).status).toBe(409);
    expect((await cancel(sessionId)).status).toBe(409);
    expect(await sessionEventTypes(sessionId)).toEqual([...Array<string>(MAX_CHECKOUT_ATTEMPTS).fill('checkout.payment.failed'), 'checkout.session.expired']);
    const failed = await storedEvents(vault.runtime, { projectIds: projects(), type: 'checkout.payment.failed', match: (data) => data.session_id === sessionId });
    expect(failed.at(-1)!.envelope.data).toMatchObject({ status: 'expired', attempts: MAX_CHECKOUT_ATTEMPTS, last4: '0002', failure_code: 'card_declined' });
    expectEnvelope(await sessionEvent('checkout.session.expired', sessionId), {
      type: 'checkout.session.expired',
      ...inTest(),
      data: sessionData(sessionId, sandbox, { status: 'expired', attempts: MAX_CHECKOUT_ATTEMPTS, brand: 'visa', last4: '0002' }),
    });
  });

  it('a failure answered after the deadline: payment.failed and session.expired', async () => {
    const created = await createSession(vault, http, { expiresInSeconds: 2 });
    const { sessionId } = created.json;
    const deadline = new Date(created.json.expiresAt).getTime();
    // The charge is claimed before the deadline; the deadline passes while the PSP answers.
    answer = () => ({ status: 402, headers: { 'content-type': 'application/json' }, body: '{"error":"declined"}', delayMs: Math.max(0, deadline - Date.now() + 100) });
    const response = await pay(sessionId);
    expect(response.status).toBe(402);
    expect(response.json).toMatchObject({ status: 'expired', attempts: 1 });
    expect(await sessionEventTypes(sessionId)).toEqual(['checkout.payment.failed', 'checkout.session.expired']);
    expect((await sessionEvent('checkout.payment.failed', sessionId)).envelope.data).toEqual({
      ...sessionData(sessionId, http, { status: 'expired', attempts: 1, brand: 'visa', last4: '4242' }),
      failure_code: 'card_declined',
      failure_message: 'Your card was declined',
    });
    expectEnvelope(await sessionEvent('checkout.session.expired', sessionId), {
      type: 'checkout.session.expired',
      ...inTest(),
      data: sessionData(sessionId, http, { status: 'expired', attempts: 1, brand: 'visa', last4: '4242' }),
    });
  });

  it('observed past its deadline by the merchant\'s GET: one event, however often it is read afterwards', async () => {
    const sessionId = await openSession(vault, sandbox);
    await pastDeadline(sessionId);
    expect((await readSession(vault, sandbox, sessionId)).json.data.status).toBe('expired');
    expect((await readSession(vault, sandbox, sessionId)).json.data.status).toBe('expired');
    expect((await pay(sessionId)).status).toBe(410);
    expect((await cancel(sessionId)).status).toBe(410);
    expect(await sessionEventTypes(sessionId)).toEqual(['checkout.session.expired']);
    expectEnvelope(await sessionEvent('checkout.session.expired', sessionId), { type: 'checkout.session.expired', ...inTest(), data: sessionData(sessionId, sandbox, { status: 'expired' }) });
  });

  it('the merchant deleted through the API: its open sessions expire, one event each; a paid one is untouched', async () => {
    const doomed = await makeMerchant(vault, { name: 'Closing Shop' });
    const [open1, open2, paid] = [await openSession(vault, doomed), await openSession(vault, doomed), await openSession(vault, doomed)];
    expect((await pay(paid)).status).toBe(200);
    const owner = await loginAs(vault, users.owner.email);
    expect((await managementCall(vault, owner, 'DELETE', `/api/merchants/${doomed.id}`)).status).toBe(200);
    for (const sessionId of [open1, open2]) {
      expect(await sessionEventTypes(sessionId)).toEqual(['checkout.session.expired']);
      expectEnvelope(await sessionEvent('checkout.session.expired', sessionId), { type: 'checkout.session.expired', ...inTest(), data: sessionData(sessionId, doomed, { status: 'expired' }) });
    }
    expect(await sessionEventTypes(paid)).toEqual(['checkout.session.completed']);
    expect((await managementCall(vault, owner, 'DELETE', `/api/merchants/${doomed.id}`)).status).toBe(404);
    expect(await sessionEventTypes(open1)).toEqual(['checkout.session.expired']);
  });

  it('a merchant gone when the Pay starts (deleted without the API): the Pay expires the session, one event', async () => {
    const gone = await makeMerchant(vault, { name: 'Vanished Shop' });
    const sessionId = await openSession(vault, gone);
    await vault.runtime.db.sql.query('DELETE FROM merchants WHERE id = $1::uuid', [gone.id]);
    expect((await pay(sessionId)).status).toBe(410);
    expect((await pay(sessionId)).status).toBe(410);
    expect(await sessionEventTypes(sessionId)).toEqual(['checkout.session.expired']);
    expectEnvelope(await sessionEvent('checkout.session.expired', sessionId), { type: 'checkout.session.expired', ...inTest(), data: sessionData(sessionId, gone, { status: 'expired' }) });
  });
});

describe('checkout.session.cancelled', () => {
  it('one event for the Cancel; the idempotent re-cancel writes none', async () => {
    const sessionId = await openSession(vault, sandbox);
    expect((await pay(sessionId, { cardNumber: DECLINE })).status).toBe(402);
    expect((await cancel(sessionId)).status).toBe(200);
    expect((await cancel(sessionId)).status).toBe(200);
    expect((await pay(sessionId)).status).toBe(409);
    expect(await sessionEventTypes(sessionId)).toEqual(['checkout.payment.failed', 'checkout.session.cancelled']);
    expectEnvelope(await sessionEvent('checkout.session.cancelled', sessionId), {
      type: 'checkout.session.cancelled',
      ...inTest(),
      data: sessionData(sessionId, sandbox, { status: 'cancelled', attempts: 1, brand: 'visa', last4: '0002' }),
    });
  });
});

describe('a change that rolls back writes no event', () => {
  it('an approved charge whose attempt row is refused: nothing; the next reader records it, with one completed', async () => {
    const sessionId = await openSession(vault, http);
    const undo = await refuseInserts(vault.runtime, 'checkout_attempts', `NEW.session_id = '${sessionId}'`);
    cleanups.push(undo);
    const before = charges;
    const first = await pay(sessionId);
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect(charges).toBe(before + 1);
    expect(await sessionEventTypes(sessionId)).toEqual([]);
    await undo();
    const retry = await pay(sessionId);
    expect(retry.status).toBe(200);
    expect(charges).toBe(before + 1);
    expect(await sessionEventTypes(sessionId)).toEqual(['checkout.session.completed']);
    expectEnvelope(await sessionEvent('checkout.session.completed', sessionId), {
      type: 'checkout.session.completed',
      ...inTest(),
      data: sessionData(sessionId, http, { status: 'completed', attempts: 1, transaction_id: `ch_${before + 1}`, brand: 'visa', last4: '4242' }),
    });
  });

  it('a cancel whose event cannot be written: the session stays open', async () => {
    const sessionId = await openSession(vault, sandbox);
    const undo = await refuseInserts(vault.runtime, 'webhook_events', `NEW.type = 'checkout.session.cancelled' AND NEW.body LIKE '%${sessionId}%'`);
    cleanups.push(undo);
    expect((await cancel(sessionId)).status).toBeGreaterThanOrEqual(500);
    expect((await readSession(vault, sandbox, sessionId)).json.data.status).toBe('open');
    await undo();
    expect((await cancel(sessionId)).status).toBe(200);
    expect(await sessionEventTypes(sessionId)).toEqual(['checkout.session.cancelled']);
  });
});

describe('card data', () => {
  it('no event body holds a card number used in this file', async () => {
    const sessionId = await openSession(vault, sandbox);
    expect((await pay(sessionId, { cardNumber: OTHER_CANARY_PAN })).status).toBe(200);
    await expectNoCardNumbersInEvents(vault.runtime, projects(), [CANARY_PAN, OTHER_CANARY_PAN, '4242424242424242', DECLINE, PROCESSOR_ERROR, '5555555555554444']);
  });
});
