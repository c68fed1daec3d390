// The customer's side of hosted checkout: POST /checkout/{sessionId}/pay and /cancel from the checkout page
// (same origin, no keys). Happy, error and security tables with the sandbox processor's cards: approve,
// decline, insufficient funds, processor error, retry after a decline, the 5-attempt limit, a completed
// session never charged again (also under concurrent Pay clicks), cancel, expiry, cross-origin refusal,
// the page's view, and the canary: no card number or CVV in any response, audit row, stored row or log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHECKOUT_ATTEMPTS } from '../../lib/checkout/checkout-rules';
import { loadCheckoutView } from '../../lib/checkout/load-checkout-view';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { CARD, customer, makeMerchant, openSession, readSession, type TestMerchant } from '../helpers/checkout';
import { inTenantProjects, startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';

const CHECKOUT_URL = 'https://pay.vault.example';
const DECLINE = '4000000000000002';
const INSUFFICIENT = '4000000000009995';
const PROCESSOR_ERROR = '4000000000000119';
const CANARY_PAN = '4000056655665556';
const CANARY_CVV = '7391';
/** The CVV as a standalone digit run (ids and hashes are hex, so a bare substring test could misfire). */
const canaryCvvPattern = new RegExp(`(?<![0-9A-Za-z-])${CANARY_CVV}(?![0-9A-Za-z-])`);

let vault: TestVault;
let psp: TestPsp;
let merchant: TestMerchant;
/** Every response this file got from pay and cancel, for the canary check at the end. */
const responses: ApiResponse[] = [];

beforeAll(async () => {
  psp = await startTestPsp();
  // Every Pay here comes from 127.0.0.1: the card-testing limit is raised (tests/integration/checkout-limits.test.ts tests it).
  vault = await startTestVault({ env: { CHECKOUT_URL, CHECKOUT_MIN_EXPIRY_SECONDS: '1', CHECKOUT_PAY_LIMIT_PER_MINUTE: '10000' }, pspCa: psp.ca });
  merchant = await makeMerchant(vault, { name: 'Acme Store' });
});
afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

async function pay(sessionId: string, card: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const response = await customer(vault, sessionId, 'pay', { json: { ...CARD, ...card }, headers });
  responses.push(response);
  return response;
}
async function cancel(sessionId: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const response = await customer(vault, sessionId, 'cancel', { headers });
  responses.push(response);
  return response;
}
const attemptsOf = (sessionId: string) => vault.runtime.db.prisma.checkoutAttempt.findMany({ where: { sessionId }, orderBy: { createdAt: 'asc' } });
const auditRow = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')!, action: { startsWith: 'checkout.' }, NOT: { action: { in: ['checkout.tokenize', 'checkout.charge'] } } } });
const errorBody = (response: ApiResponse, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  success: false,
  error: { code, message },
  ...extra,
  request_id: response.headers.get('x-request-id'),
});
const errorRedirect = (sessionId: string, error: string) => `https://shop.example/payment-error?sessionId=${sessionId}&error=${error}`;

describe('pay — happy', () => {
  it('approves 4242: 200 with paymentData and the successUrl with the outcome; the merchant server sees it completed', async () => {
    const sessionId = await openSession(vault, merchant);
    const response = await pay(sessionId);
    expect(response.status).toBe(200);
    const transactionId = response.json.paymentData?.transactionId;
    expect(transactionId).toMatch(/^sbx_[0-9A-Za-z]{24}$/);
    expect(response.json).toEqual({
      success: true,
      status: 'completed',
      paymentData: { transactionId, amount: '10.50', currency: 'EUR', brand: 'visa', last4: '4242' },
      redirectUrl: `https://shop.example/thanks?order=42&sessionId=${sessionId}&transactionId=${transactionId}&amount=10.50&currency=EUR&status=success`,
    });
    const read = await readSession(vault, merchant, sessionId);
    expect(read.json.data).toMatchObject({ status: 'completed', attempts: 1, transactionId });
    expect(await attemptsOf(sessionId)).toEqual([
      expect.objectContaining({ outcome: 'approved', errorCode: null, errorMessage: null, transactionId, brand: 'visa', last4: '4242' }),
    ]);
    const view = await loadCheckoutView(vault.runtime, sessionId);
    expect(view).toMatchObject({ status: 'completed', payment: { transactionId, amount: '10.50', currency: 'EUR', brand: 'visa', last4: '4242' }, attempts: 1, maxAttempts: 5, testMode: true });
    // Audit: the payment (with the token it made) and the tokenization, both in the session's project.
    const token = await vault.runtime.db.prisma.token.findFirstOrThrow({ where: { projectId: vault.tenants.test.projectId }, orderBy: { createdAt: 'desc' }, select: { id: true, last4: true } });
    expect(token.last4).toBe('4242');
    // Both rows belong to the merchant's project's account, so they stay listed for it.
    const { accountId } = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId }, select: { accountId: true } });
    expect(await auditRow(response)).toMatchObject({
      action: 'checkout.pay',
      outcome: 'success',
      statusCode: 200,
      accountId,
      projectId: vault.tenants.test.projectId,
      applicationId: vault.tenants.test.applicationId,
      tokenId: token.id,
      resource: `checkout_session:${sessionId}`,
    });
    const tokenize = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')!, action: 'checkout.tokenize' } });
    expect(tokenize).toMatchObject({ outcome: 'success', statusCode: 201, tokenId: token.id, accountId, projectId: vault.tenants.test.projectId });
  });

  it('a declined card, then a good one: 402 with attempts left, then 200', async () => {
    const sessionId = await openSession(vault, merchant);
    const declined = await pay(sessionId, { cardNumber: DECLINE });
    expect(declined.status).toBe(402);
    expect(declined.json).toEqual(errorBody(declined, 'card_declined', 'Your card was declined', { status: 'open', attempts: 1, attempts_remaining: 4 }));
    expect(await auditRow(declined)).toMatchObject({ action: 'checkout.pay', outcome: 'failure', statusCode: 402 });
    const paid = await pay(sessionId, { cardNumber: '5555 5555 5555 4444' });
    expect(paid.status).toBe(200);
    expect(paid.json.paymentData).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'completed', attempts: 2 });
    expect((await attemptsOf(sessionId)).map((attempt) => [attempt.outcome, attempt.errorCode, attempt.last4])).toEqual([
      ['declined', 'card_declined', '0002'],
      ['approved', null, '4444'],
    ]);
  });

  it('insufficient funds → 402 insufficient_funds; processor error → 502 processor_error; both count', async () => {
    const sessionId = await openSession(vault, merchant);
    const funds = await pay(sessionId, { cardNumber: INSUFFICIENT });
    expect(funds.status).toBe(402);
    expect(funds.json).toEqual(errorBody(funds, 'insufficient_funds', 'Insufficient funds', { status: 'open', attempts: 1, attempts_remaining: 4 }));
    const failed = await pay(sessionId, { cardNumber: PROCESSOR_ERROR });
    expect(failed.status).toBe(502);
    expect(failed.json).toEqual(errorBody(failed, 'processor_error', 'The payment processor could not complete the payment', { status: 'open', attempts: 2, attempts_remaining: 3 }));
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'open', attempts: 2 });
  });

  it('cancel: 200 with the cancelUrl, again 200 (idempotent); the session is final', async () => {
    const sessionId = await openSession(vault, merchant);
    const response = await cancel(sessionId);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, status: 'cancelled', redirectUrl: 'https://shop.example/cart' });
    expect((await cancel(sessionId)).json).toEqual(response.json);
    expect((await readSession(vault, merchant, sessionId)).json.data.status).toBe('cancelled');
    expect(await auditRow(response)).toMatchObject({ action: 'checkout.cancel', outcome: 'success', statusCode: 200, projectId: vault.tenants.test.projectId, resource: `checkout_session:${sessionId}` });
    const paid = await pay(sessionId);
    expect(paid.status).toBe(409);
    expect(paid.json).toEqual(errorBody(paid, 'session_cancelled', 'This checkout session was cancelled'));
    expect(await attemptsOf(sessionId)).toEqual([]);
  });

  it('a call without Origin or Sec-Fetch-Site (not a browser) is accepted: the session id is the credential', async () => {
    const sessionId = await openSession(vault, merchant);
    const response = await vault.call('POST', `/checkout/${sessionId}/pay`, { key: null, json: CARD });
    expect(response.status).toBe(200);
  });

  it('an http processor: the PSP gets the card, the amount and the session; the customer gets its transaction id', async () => {
    psp.reply(() => ({ status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { id: 'ch_123', status: 'succeeded' } }) }));
    const pspMerchant = await makeMerchant(vault, {
      processor: {
        type: 'http',
        url: psp.url('/v1/charges'),
        headers: { Authorization: 'Bearer psp_secret' },
        body: { amount: '${amountMinor}', currency: '${currency}', reference: '${sessionId}', card: { number: '${cardNumber}', cvc: '${cvv}' } },
        success: { path: 'data.status', equals: 'succeeded' },
        transaction_id_path: '$.data.id',
      },
    });
    const sessionId = await openSession(vault, pspMerchant, { amount: '25', currency: 'USD' });
    psp.received.length = 0;
    const response = await pay(sessionId);
    expect(response.status).toBe(200);
    // The transaction id holds the CVV's digits (123): read from the PSP answer before masking, it is intact.
    expect(response.json.paymentData).toEqual({ transactionId: 'ch_123', amount: '25.00', currency: 'USD', brand: 'visa', last4: '4242' });
    expect(psp.received).toHaveLength(1);
    expect(psp.received[0]!.headers.authorization).toBe('Bearer psp_secret');
    expect(JSON.parse(psp.received[0]!.body.toString('utf8'))).toEqual({ amount: 2500, currency: 'USD', reference: sessionId, card: { number: '4242424242424242', cvc: '123' } });
  });
});

describe('pay — the 5-attempt limit and a completed session', () => {
  it('the 5th failure ends the session as expired with the errorUrl; a 6th Pay is 409 and charges nothing', async () => {
    const sessionId = await openSession(vault, merchant);
    for (let attempt = 1; attempt < MAX_CHECKOUT_ATTEMPTS; attempt++) {
      const response = await pay(sessionId, { cardNumber: DECLINE });
      expect(response.json).toMatchObject({ status: 'open', attempts: attempt, attempts_remaining: MAX_CHECKOUT_ATTEMPTS - attempt });
      expect(response.json).not.toHaveProperty('redirectUrl');
    }
    const last = await pay(sessionId, { cardNumber: PROCESSOR_ERROR });
    expect(last.status).toBe(502);
    expect(last.json).toEqual(
      errorBody(last, 'processor_error', 'The payment processor could not complete the payment', { status: 'expired', attempts: 5, attempts_remaining: 0, redirectUrl: errorRedirect(sessionId, 'attempts_exhausted') }),
    );
    const sixth = await pay(sessionId);
    expect(sixth.status).toBe(409);
    expect(sixth.json).toEqual(errorBody(sixth, 'attempts_exhausted', 'Too many payment attempts', { redirectUrl: errorRedirect(sessionId, 'attempts_exhausted') }));
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'expired', attempts: 5 });
    expect(await attemptsOf(sessionId)).toHaveLength(5);
    expect((await cancel(sessionId)).json.error.code).toBe('attempts_exhausted');
  });

  it('a completed session is never charged again: 409, no attempt, no token', async () => {
    const sessionId = await openSession(vault, merchant);
    expect((await pay(sessionId)).status).toBe(200);
    const tokensBefore = await vault.runtime.db.prisma.token.count({ where: inTenantProjects(vault) });
    const again = await pay(sessionId);
    expect(again.status).toBe(409);
    expect(again.json).toEqual(errorBody(again, 'session_completed', 'This checkout session has already been paid'));
    // Even an invalid body: the state answers first, the card is never looked at.
    const garbage = await customer(vault, sessionId, 'pay', { json: { cardNumber: 'x' } });
    expect(garbage.json.error.code).toBe('session_completed');
    const cancelled = await cancel(sessionId);
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.error.code).toBe('session_completed');
    expect(await vault.runtime.db.prisma.token.count({ where: inTenantProjects(vault) })).toBe(tokensBefore);
    expect(await attemptsOf(sessionId)).toHaveLength(1);
  });

  it('concurrent Pay clicks: exactly one charge, the others 409', async () => {
    for (let round = 0; round < 3; round++) {
      const sessionId = await openSession(vault, merchant);
      const results = await Promise.all(Array.from({ length: 5 }, () => pay(sessionId)));
      const statuses = results.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409]);
      for (const response of results.filter((item) => item.status === 409)) {
        expect(['payment_in_progress', 'session_completed']).toContain(response.json.error.code);
      }
      const attempts = await attemptsOf(sessionId);
      expect(attempts.map((attempt) => attempt.outcome)).toEqual(['approved']);
      expect((await readSession(vault, merchant, sessionId)).json.data.transactionId).toBe(attempts[0]!.transactionId);
    }
  });

  it('a charge in flight: a second Pay and a Cancel are 409 payment_in_progress', async () => {
    psp.reply(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"ch_slow"}', delayMs: 600 }));
    const slow = await makeMerchant(vault, { processor: { type: 'http', url: psp.url(), body: { n: '${cardNumber}' }, transaction_id_path: 'id' } });
    const sessionId = await openSession(vault, slow);
    const first = pay(sessionId);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const second = await pay(sessionId);
    expect(second.status).toBe(409);
    expect(second.json).toEqual(errorBody(second, 'payment_in_progress', 'A payment for this session is already in progress'));
    const cancelled = await cancel(sessionId);
    expect(cancelled.json.error.code).toBe('payment_in_progress');
    expect((await first).status).toBe(200);
    expect((await readSession(vault, merchant, sessionId, { serviceKey: slow.serviceApiKey })).json.data).toMatchObject({ status: 'completed', transactionId: 'ch_slow' });
  });
});

describe('pay — expiry', () => {
  it('past expiresAt: Pay and Cancel are 410 with the errorUrl; stored as expired; the view says expired', async () => {
    const sessionId = await openSession(vault, merchant, { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const response = await pay(sessionId);
    expect(response.status).toBe(410);
    expect(response.json).toEqual(errorBody(response, 'session_expired', 'This checkout session has expired', { redirectUrl: errorRedirect(sessionId, 'expired') }));
    expect((await cancel(sessionId)).status).toBe(410);
    expect((await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: sessionId } })).status).toBe('expired');
    expect((await readSession(vault, merchant, sessionId)).json.data.status).toBe('expired');
    expect(await loadCheckoutView(vault.runtime, sessionId)).toMatchObject({ status: 'expired', payment: null });
    expect(await attemptsOf(sessionId)).toEqual([]);
  });

  it('the view of an open session, and of an unknown id (null)', async () => {
    const sessionId = await openSession(vault, merchant, { embedMode: 'iframe', parentOrigin: 'https://shop.example', merchantName: 'Acme EU' });
    expect(await loadCheckoutView(vault.runtime, sessionId)).toEqual({
      sessionId,
      status: 'open',
      merchantName: 'Acme EU',
      mode: 'payment',
      amount: '10.50',
      currency: 'EUR',
      embedMode: 'iframe',
      parentOrigin: 'https://shop.example',
      successUrl: 'https://shop.example/thanks?order=42',
      cancelUrl: 'https://shop.example/cart',
      errorUrl: 'https://shop.example/payment-error',
      expiresAt: expect.stringMatching(/^\d{4}-/),
      attempts: 0,
      maxAttempts: 5,
      testMode: true,
      payment: null,
    });
    expect(await loadCheckoutView(vault.runtime, 'cs_000000000000000000000000')).toBeNull();
    expect(await loadCheckoutView(vault.runtime, '../etc/passwd')).toBeNull();
  });
});

describe('pay — errors', () => {
  it.each([
    [{ cardNumber: '4242424242424241' }, 'cardNumber', 'cardNumber is not a valid card number'],
    [{ cardNumber: '4242' }, 'cardNumber', 'cardNumber must be 12 to 19 digits'],
    [{ cardNumber: '4242x4242' }, 'cardNumber', 'cardNumber must contain only digits, spaces and dashes'],
    [{ expirationMonth: '13' }, 'expirationMonth', 'expirationMonth must be two digits from 01 to 12'],
    [{ expirationYear: '202' }, 'expirationYear', 'expirationYear must be 2 or 4 digits'],
    [{ expirationMonth: '01', expirationYear: '2020' }, 'expirationYear', 'The card has expired'],
    [{ cvc: '12' }, 'cvc', 'cvc must be 3 or 4 digits'],
    [{ cvc: undefined }, 'cvc', 'cvc is required'],
    [{ cardholderName: 'x'.repeat(101) }, 'cardholderName', 'cardholderName must be at most 100 characters'],
    [{ cvv: '123' }, 'cvv', 'Unrecognized field'],
  ])('%j → 400 naming %s; no attempt used', async (card, path, message) => {
    const sessionId = await openSession(vault, merchant);
    const body: Record<string, unknown> = { ...CARD, ...card };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const response = await customer(vault, sessionId, 'pay', { json: body });
    responses.push(response);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
      request_id: response.headers.get('x-request-id'),
    });
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'open', attempts: 0 });
  });

  it('a card that is valid but expired this very month is still accepted', async () => {
    const now = new Date();
    const sessionId = await openSession(vault, merchant);
    const response = await pay(sessionId, { expirationMonth: String(now.getUTCMonth() + 1).padStart(2, '0'), expirationYear: String(now.getUTCFullYear()) });
    expect(response.status).toBe(200);
  });

  it('malformed JSON → 400; another media type → 415', async () => {
    const sessionId = await openSession(vault, merchant);
    const origin = { origin: CHECKOUT_URL };
    expect((await vault.call('POST', `/checkout/${sessionId}/pay`, { key: null, body: '{"cardNumber":', headers: { ...origin, 'content-type': 'application/json' } })).json.error.code).toBe('invalid_json');
    expect((await vault.call('POST', `/checkout/${sessionId}/pay`, { key: null, body: 'cardNumber=4242424242424242', headers: { ...origin, 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it.each(['cs_000000000000000000000000', 'cs_short', 'not-a-session'])('unknown session %s → 404 for pay and cancel', async (sessionId) => {
    for (const response of [await pay(sessionId), await cancel(sessionId)]) {
      expect(response.status).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Checkout session not found'));
    }
  });

  it('GET on pay/cancel → 405', async () => {
    const sessionId = await openSession(vault, merchant);
    expect((await vault.call('GET', `/checkout/${sessionId}/pay`, { key: null })).status).toBe(405);
    expect((await vault.call('GET', `/checkout/${sessionId}/cancel`, { key: null })).status).toBe(405);
  });
});

describe('pay — security', () => {
  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['the merchant\'s own origin', { origin: 'https://shop.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['the checkout host over http', { origin: 'http://pay.vault.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('%s → 403 for pay and cancel; nothing charged or cancelled', async (_name, headers) => {
    const sessionId = await openSession(vault, merchant);
    for (const response of [await pay(sessionId, {}, headers), await cancel(sessionId, headers)]) {
      expect(response.status).toBe(403);
      expect(response.json).toEqual(errorBody(response, 'forbidden_origin', 'Cross-origin requests are not allowed'));
    }
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'open', attempts: 0 });
    expect(await attemptsOf(sessionId)).toEqual([]);
  });

  it('a refused cross-origin Pay is audited as a failure', async () => {
    const sessionId = await openSession(vault, merchant);
    const response = await pay(sessionId, {}, { origin: 'https://evil.example' });
    expect(await auditRow(response)).toMatchObject({ action: 'checkout.pay', outcome: 'failure', statusCode: 403, tokenId: null, resource: `checkout_session:${sessionId}` });
  });

  it('the canary card number and CVV never reach a response, an audit row, a stored checkout row or a log line', async () => {
    const approved = await openSession(vault, merchant);
    expect((await pay(approved, { cardNumber: CANARY_PAN, cvc: CANARY_CVV })).status).toBe(200);
    // Failures with the canary in flight: invalid expiry, cross-origin, a second Pay of a paid session.
    const other = await openSession(vault, merchant);
    expect((await pay(other, { cardNumber: CANARY_PAN, cvc: CANARY_CVV, expirationMonth: '13' })).status).toBe(400);
    expect((await pay(other, { cardNumber: CANARY_PAN, cvc: CANARY_CVV }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await pay(approved, { cardNumber: CANARY_PAN, cvc: CANARY_CVV })).status).toBe(409);
    const luhnless = `${CANARY_PAN.slice(0, -1)}7`;
    expect((await pay(other, { cardNumber: luhnless, cvc: CANARY_CVV })).status).toBe(400);

    expect(responses.length).toBeGreaterThan(40);
    for (const response of responses) {
      for (const pan of [CANARY_PAN, luhnless, '4242424242424242', DECLINE]) expect(response.text).not.toContain(pan);
      expect(response.text).not.toMatch(canaryCvvPattern);
    }
    const { prisma } = vault.runtime.db;
    const stored = JSON.stringify(
      [await prisma.auditLog.findMany(), await prisma.checkoutAttempt.findMany(), await prisma.checkoutSession.findMany()],
      (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
    );
    expect(stored).toContain('checkout.pay');
    for (const pan of [CANARY_PAN, luhnless]) expect(stored).not.toContain(pan);
    expect(stored).not.toMatch(canaryCvvPattern);
    const logs = vault.logs.join('\n');
    for (const pan of [CANARY_PAN, luhnless]) expect(logs).not.toContain(pan);
    expect(logs).not.toMatch(canaryCvvPattern);
  });
});
