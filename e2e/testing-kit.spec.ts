// vault/testing against our own pages (issue 24): sessions made with createTestCheckoutSession and
// createTestCollectSession, the hosted checkout paid with payHostedCheckout in redirect, iframe and popup
// (setup) mode, the SDK's messages awaited with waitForCheckoutEvent, and Vault Elements typed with
// fillElements and followed with waitForElementsEvent. The merchant pages are the kit user's own, as small
// as a merchant's test fixture: served by this spec on another loopback origin (a page.route document
// has no address, and Chromium's local network access checks then refuse it the vault's loopback scripts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createTestCheckoutSession,
  createTestCollectSession,
  fillElements,
  payHostedCheckout,
  TEST_CARDS,
  waitForCheckoutEvent,
  waitForElementsEvent,
  type CheckoutSessionRequest,
} from 'vault/testing';
import { checkoutOrigin, merchantOrigin, queryOf } from './checkout-support';
import { apiToken, bearer } from './dashboard-support';

type Keys = { apiKey: string; serviceKey: string; merchantId: string };
let keys: Keys | undefined;

/** A sandbox merchant and an application key of its project, made once through the management API. */
async function merchantKeys(request: APIRequestContext): Promise<Keys> {
  if (keys) return keys;
  const auth = bearer(await apiToken(request));
  const merchant = await request.post('/api/merchants', { headers: auth, data: { name: 'Kit Coffee', processor: { type: 'sandbox' } } });
  expect(merchant.status(), await merchant.text()).toBe(201);
  const { id, project_id, service_api_key } = (await merchant.json()).data;
  const application = await request.post('/api/applications', { headers: auth, data: { name: 'Kit shop backend', project_id, permissions: { tokenization: { allowed: true } } } });
  expect(application.status(), await application.text()).toBe(201);
  keys = { apiKey: (await application.json()).data.api_key, serviceKey: service_api_key, merchantId: id };
  return keys;
}

const RETURNS = { successUrl: `${merchantOrigin}/return/success`, cancelUrl: `${merchantOrigin}/return/cancel`, errorUrl: `${merchantOrigin}/return/error` };

async function checkoutSession(request: APIRequestContext, body: Omit<CheckoutSessionRequest, keyof Keys | keyof typeof RETURNS>) {
  return createTestCheckoutSession(checkoutOrigin, { ...(await merchantKeys(request)), ...RETURNS, ...body });
}

const pages = new Map<string, string>();
let shop: Server;
let shopOrigin: string;
test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

/** Serves `html` as the shop's page at `path` and opens it. */
async function merchantPage(page: Page, path: string, html: string): Promise<void> {
  pages.set(path, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kit shop</title></head><body>${html}</body></html>`);
  await page.goto(`${shopOrigin}${path}`);
}

/** The shop page of an embedded mode: a button that opens the checkout with the SDK. */
function shopPage(page: Page, sessionId: string, mode: 'iframe' | 'popup' | 'new_tab') {
  return merchantPage(
    page,
    `/kit/shop/${mode}`,
    `<button id="pay">Pay with Vault</button><div id="checkout"></div>
<script src="${checkoutOrigin}/checkout.js"></script>
<script>document.getElementById('pay').onclick = () => VaultCheckout.open(${JSON.stringify({ sessionId, mode, container: '#checkout' })});</script>`,
  );
}

test.describe('vault/testing: hosted checkout', () => {
  test('redirect: payHostedCheckout on the checkout page; the customer lands on successUrl', async ({ page, request }) => {
    const session = await checkoutSession(request, { amount: '12.00', currency: 'EUR' });
    await page.goto(session.url);
    await payHostedCheckout(page, TEST_CARDS.success);
    await page.waitForURL(`${RETURNS.successUrl}?**`);
    expect(queryOf(page.url())).toMatchObject({ sessionId: session.sessionId, amount: '12.00', currency: 'EUR', status: 'success' });
  });

  test('iframe: CHECKOUT_READY, a decline (PAYMENT_ERROR), then the same frame paid (PAYMENT_SUCCESS); a message that never comes times out', async ({ page, request }) => {
    const { sessionId } = await checkoutSession(request, { amount: '24.90', currency: 'EUR', embedMode: 'iframe', parentOrigin: shopOrigin });
    await shopPage(page, sessionId, 'iframe');
    const ready = waitForCheckoutEvent(page, 'CHECKOUT_READY');
    await page.getByRole('button', { name: 'Pay with Vault' }).click();
    expect(await ready).toEqual({ type: 'CHECKOUT_READY', sessionId });

    const declined = waitForCheckoutEvent(page, 'PAYMENT_ERROR', { sessionId });
    await payHostedCheckout(page, TEST_CARDS.decline);
    expect(await declined).toEqual({ type: 'PAYMENT_ERROR', sessionId, error: { code: 'card_declined', message: 'Your card was declined' } });

    const paid = waitForCheckoutEvent(page, 'PAYMENT_SUCCESS', { origin: checkoutOrigin });
    await payHostedCheckout(page, TEST_CARDS.threeDigitCvc);
    expect(await paid).toEqual({
      type: 'PAYMENT_SUCCESS',
      sessionId,
      paymentData: { transactionId: expect.stringMatching(/^sbx_/), amount: '24.90', currency: 'EUR', brand: 'mastercard', last4: '4444' },
    });
    await expect(waitForCheckoutEvent(page, 'CHECKOUT_CANCELLED', { timeout: 300 })).rejects.toThrow(
      `waitForCheckoutEvent: CHECKOUT_CANCELLED: no such message from ${checkoutOrigin} within 300 ms`,
    );
  });

  test('popup, setup mode: payHostedCheckout on the popup saves an Amex with its 4-digit code', async ({ page, request }) => {
    const { sessionId } = await checkoutSession(request, { mode: 'setup', embedMode: 'popup', parentOrigin: shopOrigin });
    await shopPage(page, sessionId, 'popup');
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Vault' }).click();
    const saved = waitForCheckoutEvent(page, 'PAYMENT_SUCCESS', { sessionId });
    await payHostedCheckout(await opened, TEST_CARDS.fourDigitCvc);
    expect(await saved).toEqual({ type: 'PAYMENT_SUCCESS', sessionId, paymentData: { token: expect.stringMatching(/^tok_/), brand: 'amex', last4: '0005' } });
  });
});

test.describe('vault/testing: Vault Elements', () => {
  test('fillElements types into the three frames; waitForElementsEvent follows them (forgeries from the page are not events); submit gives the token', async ({ page, request }) => {
    const session = await createTestCollectSession(checkoutOrigin, (await merchantKeys(request)).apiKey, shopOrigin);
    const config = { vaultUrl: checkoutOrigin, sessionId: session.id, clientSecret: session.client_secret };
    await merchantPage(
      page,
      '/kit/elements',
      `<div id="n"></div><div id="e"></div><div id="c"></div><button id="save">Save card</button><p id="outcome"></p>
<script type="module">
  import { VaultElements } from '${checkoutOrigin}/elements.js';
  const elements = VaultElements(${JSON.stringify(config)});
  elements.create('cardNumber').mount('#n');
  elements.create('cardExpiry').mount('#e');
  elements.create('cardCvc').mount('#c');
  document.getElementById('save').onclick = async () => {
    const result = await elements.submit();
    document.getElementById('outcome').textContent = [result.token, result.brand, result.last4, result.exp_month].join(' ');
  };
</script>`,
    );
    const focused = waitForElementsEvent(page, 'cardNumber', 'focus');
    const numberComplete = waitForElementsEvent(page, 'cardNumber', 'change', { match: { complete: true } });
    const cvcComplete = waitForElementsEvent(page, 'cardCvc', 'change', { match: { complete: true } });
    // The page posting a field's event to itself is no event of the field's.
    const forged = expect(waitForElementsEvent(page, 'cardExpiry', 'escape', { timeout: 1_000 })).rejects.toThrow(
      'waitForElementsEvent: cardExpiry escape: no such message from another origin within 1000 ms',
    );
    await page.evaluate(() => window.postMessage({ type: 'vault-elements', field: 'card_expiry', event: 'escape' }, '*'));
    await fillElements(page, TEST_CARDS.fourDigitCvc);
    expect(await focused).toBeUndefined();
    expect(await numberComplete).toEqual({ complete: true, empty: false, brand: 'amex' });
    expect(await cvcComplete).toEqual({ complete: true, empty: false, brand: null });
    await forged;
    await expect(page.frameLocator('iframe[src*="field=card_number"]').locator('#field')).toHaveValue('3782 822463 10005');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.locator('#outcome')).toHaveText(/^tok_\S+ amex 0005 12$/);
  });
});
