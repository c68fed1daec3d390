// Checkout setup mode (issue 24): a session created with `mode: "setup"` saves the customer's card as a token
// and charges nothing. Happy: create (no amount or currency, payment stays the default), Pay (a token that
// detokenizes to the card, no processor call, no CVV kept, the same audit rows as a payment's tokenization),
// the session read, the dashboard list and `checkout.session.completed` with token, brand and last 4.
// Errors: amount / currency refused with setup, an unknown mode, a completed session paid again. The database
// holds the mode's amount rule itself. The canary card number appears in no answer, event or audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import { CARD, createSession, customer, makeMerchant, openSession, readSession, type TestMerchant } from '../helpers/checkout';
import { expectEnvelope, expectNoCardNumbersInEvents, onlyEvent } from '../helpers/events';
import { managementCall } from '../helpers/management';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';

const CHECKOUT_URL = 'https://pay.vault.example';
const CANARY_PAN = '4000056655665556';
/** The sandbox's decline card: a setup session saves it anyway, since no processor is asked. */
const DECLINE = '4000000000000002';
/** Setup bodies: the shared session body without its amount and currency. */
const SETUP = { mode: 'setup', amount: undefined, currency: undefined };

let vault: TestVault;
let psp: TestPsp;
let sandbox: TestMerchant;
/** Charges through a local PSP: any request it receives would be a charge. */
let http: TestMerchant;
let jwt: string;
const responses: ApiResponse[] = [];

beforeAll(async () => {
  psp = await startTestPsp();
  vault = await startTestVault({ env: { CHECKOUT_URL, CHECKOUT_PAY_LIMIT_PER_MINUTE: '10000' }, pspCa: psp.ca });
  sandbox = await makeMerchant(vault, { name: 'Sandbox Shop' });
  http = await makeMerchant(vault, { name: 'PSP Shop', processor: { type: 'http', url: psp.url('/v1/charges'), body: { number: '${cardNumber}' }, transaction_id_path: 'id' } });
  const users = await seedUsers(vault, 'checkout-setup');
  jwt = await loginAs(vault, users.viewer.email);
});
afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

async function pay(sessionId: string, card: Record<string, unknown> = {}): Promise<ApiResponse> {
  const response = await customer(vault, sessionId, 'pay', { json: { ...CARD, ...card } });
  responses.push(response);
  return response;
}
const storedSession = (id: string) => vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id } });
const projects = () => [vault.tenants.test.projectId];
const sessionEvent = (type: string, sessionId: string) => onlyEvent(vault.runtime, projects(), type, (data) => data.session_id === sessionId);
const validationError = (response: ApiResponse, path: string, message: string) => ({
  success: false,
  error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
  request_id: response.headers.get('x-request-id'),
});

describe('POST /api/sessions/create — mode', () => {
  it('setup: 201 without amount or currency; stored with none of the three; read back as an open setup session', async () => {
    const created = await createSession(vault, sandbox, SETUP);
    expect(created.status, created.text).toBe(201);
    const { sessionId, expiresAt } = created.json;
    expect(await storedSession(sessionId)).toMatchObject({ mode: 'setup', amount: null, amountMinor: null, currency: null, token: null, status: 'open' });
    const read = await readSession(vault, sandbox, sessionId);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ success: true, data: { sessionId, status: 'open', mode: 'setup', embedMode: 'redirect', attempts: 0, expiresAt } });
  });

  it('payment is the default, and `mode: "payment"` is the same', async () => {
    const implicit = await openSession(vault, sandbox);
    const explicit = await openSession(vault, sandbox, { mode: 'payment' });
    for (const id of [implicit, explicit]) expect(await storedSession(id)).toMatchObject({ mode: 'payment', amount: '10.50', amountMinor: 1050n, currency: 'EUR' });
  });

  it.each([
    [{ ...SETUP, amount: '10.50' }, 'amount'],
    [{ ...SETUP, currency: 'EUR' }, 'currency'],
    [{ ...SETUP, amount: '0' }, 'amount'],
  ])('setup with %j → 400 naming %s', async (overrides, path) => {
    const response = await createSession(vault, sandbox, overrides);
    expect(response.status).toBe(400);
    expect(response.json).toEqual(validationError(response, path, `${path} must not be sent when mode is setup`));
  });

  it('setup with both amount and currency names both', async () => {
    const response = await createSession(vault, sandbox, { mode: 'setup' });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([
      { path: 'amount', message: 'amount must not be sent when mode is setup' },
      { path: 'currency', message: 'currency must not be sent when mode is setup' },
    ]);
  });

  it.each(['subscription', 'SETUP', 1, null])('mode %j → 400 naming mode', async (mode) => {
    const response = await createSession(vault, sandbox, { mode });
    expect(response.status).toBe(400);
    expect(response.json).toEqual(validationError(response, 'mode', 'mode must be one of payment, setup'));
  });

  it('payment still requires amount and currency; setup keeps the other rules (parentOrigin for popup)', async () => {
    const payment = await createSession(vault, sandbox, { amount: undefined, currency: undefined });
    expect(payment.json.error.fields).toEqual([
      { path: 'amount', message: 'amount is required' },
      { path: 'currency', message: 'currency is required' },
    ]);
    const popup = await createSession(vault, sandbox, { ...SETUP, embedMode: 'popup' });
    expect(popup.json.error.fields).toEqual([{ path: 'parentOrigin', message: 'parentOrigin is required when embedMode is popup, iframe, new_tab' }]);
  });
});

describe('Pay in setup mode', () => {
  it('saves the card as a token that detokenizes to it; the processor is never called; read, list and event carry token, brand, last 4', async () => {
    const sessionId = await openSession(vault, http, SETUP);
    const received = psp.received.length;
    const response = await pay(sessionId, { cardNumber: CANARY_PAN });
    expect(response.status, response.text).toBe(200);
    const token = response.json.paymentData?.token;
    expect(token).toMatch(/^tok_[0-9A-Za-z]{24}$/);
    expect(response.json).toEqual({
      success: true,
      status: 'completed',
      paymentData: { token, brand: 'visa', last4: '5556' },
      redirectUrl: `https://shop.example/thanks?order=42&sessionId=${sessionId}&status=success`,
    });
    expect(psp.received.length).toBe(received);
    // The control: a payment session of the same merchant does reach its processor.
    await pay(await openSession(vault, http));
    expect(psp.received.length).toBe(received + 1);

    // Server side, the token is the card (and it is stored on the session).
    const revealed = await vault.call('POST', '/detokenize', { json: { token } });
    expect(revealed.status).toBe(200);
    expect(revealed.json.data).toMatchObject({ cardNumber: CANARY_PAN, expirationMonth: '12', expirationYear: '2030' });
    expect(await storedSession(sessionId)).toMatchObject({ status: 'completed', attempts: 1, token, transactionId: null, cardBrand: 'visa', cardLast4: '5556', chargeLockId: null });

    const read = await readSession(vault, http, sessionId);
    expect(read.json).toEqual({
      success: true,
      data: { sessionId, status: 'completed', mode: 'setup', embedMode: 'redirect', attempts: 1, expiresAt: expect.any(String), token, brand: 'visa', last4: '5556' },
    });
    responses.push(read);

    const listed = await managementCall(vault, jwt, 'GET', `/api/checkout-sessions?merchant_id=${http.id}`);
    expect(listed.status).toBe(200);
    expect(listed.json.data.find((row: { id: string }) => row.id === sessionId)).toMatchObject({
      mode: 'setup',
      amount: null,
      currency: null,
      status: 'completed',
      transaction_id: null,
      attempt_details: [{ outcome: 'approved', code: null, decline_message: null, transaction_id: null, brand: 'visa', last4: '5556', created_at: expect.any(String) }],
    });
    responses.push(listed);

    expectEnvelope(await sessionEvent('checkout.session.completed', sessionId), {
      type: 'checkout.session.completed',
      projectId: vault.tenants.test.projectId,
      livemode: false,
      data: { session_id: sessionId, merchant_id: http.id, mode: 'setup', amount: null, currency: null, status: 'completed', attempts: 1, transaction_id: null, brand: 'visa', last4: '5556', token },
    });

    // Audit: the tokenization exactly as a payment's, and the Pay naming the token; no charge row.
    const tokenRow = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token }, select: { id: true } });
    const rows = await vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: response.headers.get('x-request-id')! }, orderBy: { seq: 'asc' } });
    expect(rows.map((row) => [row.action, row.outcome, row.statusCode, row.tokenId, row.projectId])).toEqual([
      ['checkout.tokenize', 'success', 201, tokenRow.id, vault.tenants.test.projectId],
      ['checkout.pay', 'success', 200, tokenRow.id, vault.tenants.test.projectId],
    ]);
    expect(rows[1]!.resource).toBe(`checkout_session:${sessionId}`);
  });

  it('keeps no CVV: no CVC session is written for the saved card (a payment\'s Pay writes one)', async () => {
    const store = vault.runtime.store;
    const written: string[] = [];
    const set = store.set.bind(store);
    store.set = (key, value, ttlSeconds) => {
      written.push(key);
      return set(key, value, ttlSeconds);
    };
    const cvcKeys = () => written.filter((key) => key.startsWith(`cvc:${vault.tenants.test.projectId}:`));
    try {
      const saved = await pay(await openSession(vault, sandbox, SETUP));
      expect(saved.status).toBe(200);
      expect(cvcKeys()).toEqual([]);
      const paid = await pay(await openSession(vault, sandbox));
      expect(paid.status).toBe(200);
      expect(paid.json.paymentData).not.toHaveProperty('token');
      expect(cvcKeys()).toHaveLength(1);
    } finally {
      store.set = set;
    }
  });

  it('the sandbox\'s decline card is saved too: nothing asks a processor', async () => {
    const sessionId = await openSession(vault, sandbox, SETUP);
    const response = await pay(sessionId, { cardNumber: DECLINE });
    expect(response.status).toBe(200);
    expect(response.json.paymentData).toEqual({ token: expect.stringMatching(/^tok_/), brand: 'visa', last4: '0002' });
  });

  it('an invalid card is a 400 using no attempt; a completed setup session is not saved again (409)', async () => {
    const sessionId = await openSession(vault, sandbox, SETUP);
    const invalid = await pay(sessionId, { cardNumber: '4242424242424241' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.fields).toEqual([{ path: 'cardNumber', message: 'cardNumber is not a valid card number' }]);
    expect(await storedSession(sessionId)).toMatchObject({ status: 'open', attempts: 0 });
    expect((await pay(sessionId)).status).toBe(200);
    const again = await pay(sessionId, { cardNumber: '5555555555554444' });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: 'session_completed', message: 'This checkout session has already been paid' });
    expect((await storedSession(sessionId)).cardLast4).toBe('4242');
  });

  it('cancel and expiry events of a setup session say so (no amount, no token)', async () => {
    const cancelled = await openSession(vault, sandbox, SETUP);
    expect((await customer(vault, cancelled, 'cancel')).status).toBe(200);
    expect((await sessionEvent('checkout.session.cancelled', cancelled)).envelope.data).toMatchObject({ mode: 'setup', amount: null, currency: null, status: 'cancelled', token: null });
    const lapsed = await openSession(vault, sandbox, SETUP);
    await vault.runtime.db.prisma.checkoutSession.update({ where: { id: lapsed }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await readSession(vault, sandbox, lapsed)).json.data.status).toBe('expired');
    expect((await sessionEvent('checkout.session.expired', lapsed)).envelope.data).toMatchObject({ mode: 'setup', amount: null, currency: null, status: 'expired', token: null });
  });

  it('a payment session is unchanged: its read and event carry no token', async () => {
    const sessionId = await openSession(vault, sandbox);
    const paid = await pay(sessionId);
    expect(paid.json.paymentData).toEqual({ transactionId: expect.stringMatching(/^sbx_/), amount: '10.50', currency: 'EUR', brand: 'visa', last4: '4242' });
    const read = (await readSession(vault, sandbox, sessionId)).json.data;
    expect(read).toMatchObject({ mode: 'payment', amount: '10.50', currency: 'EUR', transactionId: paid.json.paymentData.transactionId, brand: 'visa', last4: '4242' });
    expect(read).not.toHaveProperty('token');
    expect((await sessionEvent('checkout.session.completed', sessionId)).envelope.data).toMatchObject({ mode: 'payment', amount: '10.50', token: null });
  });
});

describe('the database holds the mode\'s amount rule', () => {
  it.each([
    ['a setup session with an amount', `UPDATE checkout_sessions SET amount = '1.00', amount_minor = 100, currency = 'EUR' WHERE id = $1`, 'setup'],
    ['a payment session without its currency', `UPDATE checkout_sessions SET currency = NULL WHERE id = $1`, 'payment'],
    ['a payment session turned setup with its amount', `UPDATE checkout_sessions SET mode = 'setup' WHERE id = $1`, 'payment'],
  ])('%s is refused by the CHECK constraint', async (_name, statement, mode) => {
    const sessionId = await openSession(vault, sandbox, mode === 'setup' ? SETUP : {});
    await expect(vault.runtime.db.sql.query(statement, [sessionId])).rejects.toThrow(/checkout_sessions_mode_amount_check/);
  });
});

describe('no card number anywhere', () => {
  it('not in the answers, the events or the audit rows', async () => {
    for (const response of responses) expect(response.text.replace(/[\s-]/g, '')).not.toContain(CANARY_PAN);
    await expectNoCardNumbersInEvents(vault.runtime, projects(), [CANARY_PAN]);
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { projectId: vault.tenants.test.projectId } });
    expect(JSON.stringify(audit, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(CANARY_PAN);
  });
});
