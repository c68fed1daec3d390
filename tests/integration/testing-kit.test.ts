// vault/testing (issue 24) without a browser: the published test cards do what the kit says on a sandbox
// merchant (paid through the hosted checkout's Pay, as the page does), and the session helpers create real
// sessions through the API or throw with the answer's status and body. Imported as merchants import it:
// the package's `./testing` export (the committed build).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCheckoutSession, createTestCollectSession, TEST_CARDS, type TestCard } from 'vault/testing';
import { customer, makeMerchant, type TestMerchant } from '../helpers/checkout';
import { startTestVault, type TestVault } from '../helpers/test-vault';

const CHECKOUT_URL = 'https://pay.vault.example';
const SHOP = 'https://shop.example';
const RETURNS = { successUrl: `${SHOP}/thanks`, cancelUrl: `${SHOP}/cart`, errorUrl: `${SHOP}/error` };

let vault: TestVault;
let merchant: TestMerchant;
beforeAll(async () => {
  vault = await startTestVault({ env: { CHECKOUT_URL, CHECKOUT_PAY_LIMIT_PER_MINUTE: '10000' } });
  merchant = await makeMerchant(vault, { name: 'Kit Shop' });
});
afterAll(async () => {
  await vault?.close();
});

const keys = () => ({ apiKey: vault.tenants.test.keys.full, serviceKey: merchant.serviceApiKey, merchantId: merchant.id });

/** Pays a fresh session with `card` as the checkout page would (its expiry split as the page splits it). */
async function payWith(card: TestCard) {
  const { sessionId } = await createTestCheckoutSession(vault.url, { ...keys(), amount: '10.50', currency: 'EUR', ...RETURNS });
  const [month, year] = card.expiry.split('/');
  return customer(vault, sessionId, 'pay', { json: { cardNumber: card.number, expirationMonth: month, expirationYear: year, cvc: card.cvc, cardholderName: 'Test Customer' } });
}

describe('TEST_CARDS', () => {
  it('each entry: digits, an MM/YY expiry in the future, a CVC of its brand length', () => {
    const now = new Date();
    for (const [name, card] of Object.entries(TEST_CARDS)) {
      expect(card.number, name).toMatch(/^\d{15,16}$/);
      expect(card.cvc, name).toBe(card.brand === 'amex' ? '1234' : '123');
      const [month, year] = card.expiry.split('/').map(Number) as [number, number];
      expect(card.expiry, name).toMatch(/^(0[1-9]|1[0-2])\/\d{2}$/);
      expect((2000 + year) * 12 + month, name).toBeGreaterThan(now.getFullYear() * 12 + now.getMonth() + 1);
    }
    expect(Object.keys(TEST_CARDS)).toEqual(['success', 'decline', 'insufficientFunds', 'processorError', 'threeDigitCvc', 'fourDigitCvc']);
  });

  it.each(Object.entries(TEST_CARDS).filter(([, card]) => card.outcome === 'approved'))('%s is approved by the sandbox, as its brand', async (_name, card) => {
    const response = await payWith(card);
    expect(response.status).toBe(200);
    expect(response.json.paymentData).toEqual({ transactionId: expect.stringMatching(/^sbx_/), amount: '10.50', currency: 'EUR', brand: card.brand, last4: card.number.slice(-4) });
  });

  it.each([
    ['decline', 402, 'card_declined'],
    ['insufficientFunds', 402, 'insufficient_funds'],
    ['processorError', 502, 'processor_error'],
  ] as const)('%s fails with %i %s', async (name, status, code) => {
    const card = TEST_CARDS[name];
    expect(card.outcome).toBe(code);
    const response = await payWith(card);
    expect(response.status).toBe(status);
    expect(response.json.error.code).toBe(code);
  });
});

describe('createTestCollectSession', () => {
  it('opens a collect session for the parent origin (options sent as the API names them)', async () => {
    const session = await createTestCollectSession(vault.url, vault.tenants.test.keys.full, 'http://localhost:4000', {
      fields: ['card_number', 'card_expiry'],
      expiresInSeconds: 120,
      metadata: { order_id: 'ord_1' },
      merchantId: merchant.id,
    });
    expect(session).toEqual({
      success: true,
      id: expect.stringMatching(/^cls_[0-9A-Za-z]{24}$/),
      client_secret: expect.stringMatching(/^cls_[0-9A-Za-z]{24}_secret_/),
      parent_origin: 'http://localhost:4000',
      expires_at: expect.any(String),
      fields: ['card_number', 'card_expiry'],
    });
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(100_000);
    expect(Date.parse(session.expires_at) - Date.now()).toBeLessThanOrEqual(120_000);
    const read = await vault.call('GET', `/collect-sessions/${session.id}`);
    expect(read.json).toMatchObject({ status: 'open', metadata: { order_id: 'ord_1' } });
  });

  it('sends X-Pub-Key for a production key', async () => {
    const { keys: production, pubKey } = vault.tenants.production;
    const session = await createTestCollectSession(`${vault.url}/`, production.full, SHOP, { pubKey });
    expect(session.parent_origin).toBe(SHOP);
  });

  it('throws with the status and body of any answer but 201', async () => {
    await expect(createTestCollectSession(vault.url, vault.tenants.test.keys.revoked, SHOP)).rejects.toThrow(/^POST \/collect-sessions answered 401: \{"success":false,"error":\{"code":"[a-z_]+"/);
    await expect(createTestCollectSession(vault.url, vault.tenants.test.keys.full, 'https://shop.example/path')).rejects.toThrow(
      /^POST \/collect-sessions answered 400: .*parent_origin must be an exact origin/,
    );
  });
});

describe('createTestCheckoutSession', () => {
  it('creates a payment session and a setup session; the merchant server reads them back', async () => {
    const payment = await createTestCheckoutSession(vault.url, { ...keys(), amount: '24.90', currency: 'EUR', embedMode: 'iframe', parentOrigin: SHOP, ...RETURNS });
    expect(payment).toEqual({ success: true, sessionId: expect.stringMatching(/^cs_[0-9A-Za-z]{24}$/), url: `${CHECKOUT_URL}/checkout/${payment.sessionId}`, embedMode: 'iframe', expiresAt: expect.any(String) });
    const setup = await createTestCheckoutSession(vault.url, { ...keys(), mode: 'setup', ...RETURNS });
    const read = await vault.call('GET', `/api/sessions/${setup.sessionId}`, { headers: { 'x-service-api-key': merchant.serviceApiKey } });
    expect(read.json.data).toMatchObject({ status: 'open', mode: 'setup', embedMode: 'redirect' });
  });

  it('throws with the status and body of any answer but 201', async () => {
    await expect(createTestCheckoutSession(vault.url, { ...keys(), serviceKey: 'msk_test_wrong', amount: '1.00', currency: 'EUR', ...RETURNS })).rejects.toThrow(/^POST \/api\/sessions\/create answered 401: \{"success":false/);
    await expect(createTestCheckoutSession(vault.url, { ...keys(), mode: 'setup', amount: '1.00', ...RETURNS })).rejects.toThrow(
      /^POST \/api\/sessions\/create answered 400: .*amount must not be sent when mode is setup/,
    );
  });
});
