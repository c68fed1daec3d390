// The hosted checkout in each embed mode, driven from the merchant's test site on another origin
// (e2e/merchant-site/): success (events in order, successUrl query), decline then retry then success,
// cancel, expiry. The checkout is http://127.0.0.1:<port>, the merchant http://localhost:<port+1>.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  CARDS,
  checkoutFrame,
  checkoutOrigin,
  createSession,
  expectEventTypes,
  merchantOrigin,
  openShop,
  pay,
  paymentAlert,
  payButton,
  queryOf,
  sessionStatus,
  SHOP_AMOUNT,
  shopEvents,
} from './checkout-support';

const SUCCESS_URL = `${merchantOrigin}/return/success`;
const CANCEL_URL = `${merchantOrigin}/return/cancel`;
const ERROR_URL = `${merchantOrigin}/return/error`;
// Sessions of the expiry tests live this long (the e2e server allows down to 3 s).
const SHORT_EXPIRY = 5;

function expectSuccessQuery(url: string, sessionId: string): string {
  expect(url.startsWith(`${SUCCESS_URL}?`)).toBe(true);
  const query = queryOf(url);
  expect(query).toEqual({
    order: '1042', // the merchant's own query is kept
    sessionId,
    transactionId: expect.stringMatching(/^sbx_[0-9A-Za-z]{24}$/),
    amount: SHOP_AMOUNT.amount,
    currency: SHOP_AMOUNT.currency,
    status: 'success',
  });
  return query.transactionId!;
}

function expectPaymentSuccess(event: unknown, sessionId: string) {
  expect(event).toEqual({
    type: 'PAYMENT_SUCCESS',
    sessionId,
    paymentData: { transactionId: expect.stringMatching(/^sbx_/), ...SHOP_AMOUNT, brand: 'visa', last4: '4242' },
  });
}

const DECLINED = { type: 'PAYMENT_ERROR', error: { code: 'card_declined', message: 'Your card was declined' } };
/** A pay call's body with the sandbox's declined card (sent as the page would, without an Origin). */
const DECLINED_CARD = { cardNumber: CARDS.declined, expirationMonth: '12', expirationYear: '2034', cvc: '123', cardholderName: 'Ada Lovelace' };

async function clickPayWithVault(page: Page) {
  await page.getByRole('button', { name: 'Pay with Vault' }).click();
}

/** Opens the checkout in a popup or new tab from the shop page. */
async function openWindow(page: Page): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await clickPayWithVault(page);
  const child = await opened;
  await child.waitForLoadState();
  expect(new URL(child.url()).origin).toBe(checkoutOrigin);
  return child;
}

test.describe('redirect mode', () => {
  test('success: the customer comes back to successUrl with the payment in the query', async ({ page, request }) => {
    const sessionId = await openShop(page, 'redirect');
    await clickPayWithVault(page);
    await expect(page).toHaveURL(`${checkoutOrigin}/checkout/${sessionId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('E2E Coffee Roasters');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('€24.90');
    await expect(page.getByText('Test mode')).toBeVisible();
    await pay(page, CARDS.approved);
    await page.waitForURL(`${SUCCESS_URL}?**`);
    const transactionId = expectSuccessQuery(page.url(), sessionId);
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'completed', transactionId, attempts: 1 });
  });

  test('decline, then retry with another card, then success', async ({ page, request }) => {
    const sessionId = await openShop(page, 'redirect');
    await clickPayWithVault(page);
    await pay(page, CARDS.declined);
    const alert = paymentAlert(page);
    await expect(alert).toContainText('Your card was declined.');
    await expect(alert).toContainText('4 attempts left.');
    await expect(alert).toBeFocused();
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'open', attempts: 1 });
    await page.getByLabel('Card number').fill(CARDS.approved);
    await payButton(page).click();
    await page.waitForURL(`${SUCCESS_URL}?**`);
    expectSuccessQuery(page.url(), sessionId);
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  test('cancel: back to cancelUrl, the session is cancelled', async ({ page, request }) => {
    const sessionId = await openShop(page, 'redirect');
    await clickPayWithVault(page);
    await expect(payButton(page)).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel and return' }).click();
    await page.waitForURL(`${CANCEL_URL}?**`);
    expect(queryOf(page.url())).toEqual({ order: '1042' });
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'cancelled' });
  });

  test('expiry: the timer sends the customer to errorUrl with error=expired', async ({ page, request }) => {
    const sessionId = await openShop(page, 'redirect', { expires: SHORT_EXPIRY });
    await clickPayWithVault(page);
    await expect(payButton(page)).toBeEnabled();
    await page.waitForURL(`${ERROR_URL}?**`, { timeout: 15_000 });
    expect(queryOf(page.url())).toEqual({ order: '1042', sessionId, error: 'expired' });
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'expired' });
  });

  test("expiry: when the page's timer did not run, the server's 410 ends it the same way", async ({ page }) => {
    const sessionId = await openShop(page, 'redirect', { expires: SHORT_EXPIRY });
    await page.clock.install();
    await clickPayWithVault(page);
    await expect(payButton(page)).toBeEnabled();
    // Freeze the page's clock: its expiry timer never fires, the server's deadline still passes.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.waitForTimeout((SHORT_EXPIRY + 1) * 1_000);
    await expect(payButton(page)).toBeEnabled();
    await pay(page, CARDS.approved);
    await page.waitForURL(`${ERROR_URL}?**`, { timeout: 15_000 });
    expect(queryOf(page.url())).toEqual({ order: '1042', sessionId, error: 'expired' });
  });

  test('loaded after expiry: the customer goes to errorUrl with error=expired, as if it ran out on the page', async ({ page, request }) => {
    const session = await createSession(request, { mode: 'redirect', expires: SHORT_EXPIRY });
    await page.waitForTimeout((SHORT_EXPIRY + 1) * 1_000);
    // What the page shows until it navigates (and all it shows without JavaScript): the expired page.
    expect(await (await request.get(session.url)).text()).toContain('Checkout expired');
    await page.goto(session.url);
    // The page says why first, then takes the customer back.
    await expect(page.getByText('Checkout expired')).toBeVisible();
    expect(page.url()).toBe(session.url);
    await page.waitForURL(`${ERROR_URL}?**`);
    expect(queryOf(page.url())).toEqual({ order: '1042', sessionId: session.sessionId, error: 'expired' });
  });

  test('loaded after the last failed attempt: the customer goes to errorUrl with error=attempts_exhausted', async ({ page, request }) => {
    const session = await createSession(request, { mode: 'redirect' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await request.post(`${checkoutOrigin}/checkout/${session.sessionId}/pay`, { data: DECLINED_CARD });
      expect(response.status()).toBe(402);
    }
    expect(await sessionStatus(request, session.sessionId)).toMatchObject({ status: 'expired', attempts: 5 });
    expect(await (await request.get(session.url)).text()).toContain('Too many attempts');
    await page.goto(session.url);
    await expect(page.getByText('Too many attempts')).toBeVisible();
    expect(page.url()).toBe(session.url);
    await page.waitForURL(`${ERROR_URL}?**`);
    expect(queryOf(page.url())).toEqual({ order: '1042', sessionId: session.sessionId, error: 'attempts_exhausted' });
  });
});

test.describe('popup mode', () => {
  test('success: READY then PAYMENT_SUCCESS, the popup heads for successUrl and the SDK closes it', async ({ page, request }) => {
    const sessionId = await openShop(page, 'popup');
    const popup = await openWindow(page);
    const navigations: string[] = [];
    popup.on('request', (r) => {
      if (r.isNavigationRequest()) navigations.push(r.url());
    });
    await expectEventTypes(page, ['CHECKOUT_READY']);
    const closed = popup.waitForEvent('close');
    await pay(popup, CARDS.approved);
    await closed;
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_SUCCESS']);
    const events = await shopEvents(page);
    expect(events[0]).toEqual({ type: 'CHECKOUT_READY', sessionId });
    expectPaymentSuccess(events[1], sessionId);
    const paymentData = events[1]!.paymentData as { transactionId: string };
    // The popup went to successUrl with the payment (the SDK closes it once that navigation has landed).
    const toSuccess = navigations.find((url) => url.startsWith(SUCCESS_URL));
    expect(toSuccess).toBeDefined();
    expect(expectSuccessQuery(toSuccess!, sessionId)).toBe(paymentData.transactionId);
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'completed', transactionId: paymentData.transactionId });
  });

  test('decline closes the popup with PAYMENT_ERROR; reopening the same session retries and succeeds', async ({ page, request }) => {
    const sessionId = await openShop(page, 'popup');
    const first = await openWindow(page);
    let closed = first.waitForEvent('close');
    await pay(first, CARDS.declined);
    await closed;
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_ERROR']);
    expect((await shopEvents(page))[1]).toEqual({ ...DECLINED, sessionId });

    const second = await openWindow(page);
    await expect(second.getByRole('status').filter({ hasText: 'previous payment attempt' })).toContainText('4 attempts left.');
    closed = second.waitForEvent('close');
    await pay(second, CARDS.approved);
    await closed;
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_ERROR', 'CHECKOUT_READY', 'PAYMENT_SUCCESS']);
    expectPaymentSuccess((await shopEvents(page))[3], sessionId);
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  test('cancel: CHECKOUT_CANCELLED and the SDK closes the popup', async ({ page, request }) => {
    const sessionId = await openShop(page, 'popup');
    const popup = await openWindow(page);
    await expect(payButton(popup)).toBeEnabled();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Cancel and return' }).click();
    await closed;
    await expectEventTypes(page, ['CHECKOUT_READY', 'CHECKOUT_CANCELLED']);
    expect((await shopEvents(page))[1]).toEqual({ type: 'CHECKOUT_CANCELLED', sessionId, reason: 'user_cancelled' });
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'cancelled' });
  });

  test('expiry: CHECKOUT_EXPIRED and the popup shows the expired page', async ({ page }) => {
    const sessionId = await openShop(page, 'popup', { expires: SHORT_EXPIRY });
    const popup = await openWindow(page);
    await expect(popup.getByRole('heading', { name: 'Checkout expired' })).toBeVisible({ timeout: 15_000 });
    await expectEventTypes(page, ['CHECKOUT_READY', 'CHECKOUT_EXPIRED']);
    expect((await shopEvents(page))[1]).toEqual({
      type: 'CHECKOUT_EXPIRED',
      sessionId,
      error: { code: 'session_expired', message: 'This checkout session has expired' },
    });
    expect(popup.url()).toBe(`${checkoutOrigin}/checkout/${sessionId}`);
  });
});

test.describe('iframe mode', () => {
  test('success: READY then PAYMENT_SUCCESS, and the iframe itself goes to successUrl', async ({ page, request }) => {
    const sessionId = await openShop(page, 'iframe');
    await clickPayWithVault(page);
    const frame = checkoutFrame(page);
    await expectEventTypes(page, ['CHECKOUT_READY']);
    await pay(page, CARDS.approved);
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_SUCCESS']);
    const events = await shopEvents(page);
    expect(events[0]).toEqual({ type: 'CHECKOUT_READY', sessionId });
    expectPaymentSuccess(events[1], sessionId);
    await expect(frame.getByRole('heading', { name: 'Return: success' })).toBeVisible();
    const returned = page.frames().find((f) => f.url().startsWith(SUCCESS_URL));
    expect(returned).toBeDefined();
    const transactionId = expectSuccessQuery(returned!.url(), sessionId);
    expect(transactionId).toBe((events[1]!.paymentData as { transactionId: string }).transactionId);
    // The shop page itself stayed where it was.
    expect(page.url()).toContain(`${merchantOrigin}/shop`);
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'completed', transactionId });
  });

  test('decline, then retry in place, then success', async ({ page }) => {
    const sessionId = await openShop(page, 'iframe');
    await clickPayWithVault(page);
    const frame = checkoutFrame(page);
    await pay(page, CARDS.declined);
    await expect(paymentAlert(frame)).toContainText('Your card was declined.');
    await expect(paymentAlert(frame)).toContainText('4 attempts left.');
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_ERROR']);
    expect((await shopEvents(page))[1]).toEqual({ ...DECLINED, sessionId });
    await frame.getByLabel('Card number').fill(CARDS.approved);
    await payButton(frame).click();
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_ERROR', 'PAYMENT_SUCCESS']);
    expectPaymentSuccess((await shopEvents(page))[2], sessionId);
    await expect(frame.getByRole('heading', { name: 'Return: success' })).toBeVisible();
  });

  test('cancel: CHECKOUT_CANCELLED and the SDK removes the iframe', async ({ page, request }) => {
    const sessionId = await openShop(page, 'iframe');
    await clickPayWithVault(page);
    const frame = checkoutFrame(page);
    await expect(payButton(frame)).toBeEnabled();
    await frame.getByRole('button', { name: 'Cancel and return' }).click();
    await expectEventTypes(page, ['CHECKOUT_READY', 'CHECKOUT_CANCELLED']);
    expect((await shopEvents(page))[1]).toEqual({ type: 'CHECKOUT_CANCELLED', sessionId, reason: 'user_cancelled' });
    await expect(page.locator('#checkout iframe')).toHaveCount(0);
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'cancelled' });
  });

  test('after a decline at 1280x800 the form, the message, Pay and Cancel all fit the frame: nothing to scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const sessionId = await openShop(page, 'iframe');
    await clickPayWithVault(page);
    const frame = checkoutFrame(page);
    await pay(page, CARDS.declined);
    await expect(paymentAlert(frame)).toContainText('4 attempts left.');
    await page.screenshot({ path: path.join(test.info().project.outputDir, 'checkout-iframe-declined-1280x800.png'), animations: 'disabled' });
    // The SDK's default height, which the compact layout is made for.
    expect((await page.locator('#checkout iframe').boundingBox())!.height).toBe(640);
    const checkout = page.frames().find((f) => f.url() === `${checkoutOrigin}/checkout/${sessionId}`)!;
    const fit = await checkout.evaluate(() => ({ content: document.documentElement.scrollHeight, frame: window.innerHeight }));
    expect(fit.content).toBeLessThanOrEqual(fit.frame);
    // Both buttons whole on the customer's screen: inside the frame and the shop page's viewport.
    await expect(payButton(frame)).toBeInViewport({ ratio: 1 });
    await expect(frame.getByRole('button', { name: 'Cancel and return' })).toBeInViewport({ ratio: 1 });
  });

  test("the SDK's height option sizes the iframe; a bad one is refused", async ({ page }) => {
    await openShop(page, 'iframe', { height: 720 });
    await clickPayWithVault(page);
    await expect(payButton(checkoutFrame(page))).toBeEnabled();
    expect((await page.locator('#checkout iframe').boundingBox())!.height).toBe(720);

    await openShop(page, 'iframe', { height: 'tall' });
    await clickPayWithVault(page);
    expect(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)).toEqual([
      'VaultCheckout: height must be a number of pixels or a CSS length such as "720px"',
    ]);
    await expect(page.locator('#checkout iframe')).toHaveCount(0);
  });

  test('expiry: CHECKOUT_EXPIRED and the iframe shows the expired page', async ({ page }) => {
    const sessionId = await openShop(page, 'iframe', { expires: SHORT_EXPIRY });
    await clickPayWithVault(page);
    const frame = checkoutFrame(page);
    await expect(frame.getByRole('heading', { name: 'Checkout expired' })).toBeVisible({ timeout: 15_000 });
    await expectEventTypes(page, ['CHECKOUT_READY', 'CHECKOUT_EXPIRED']);
    expect((await shopEvents(page))[1]).toMatchObject({ type: 'CHECKOUT_EXPIRED', sessionId, error: { code: 'session_expired' } });
  });
});

test.describe('new tab mode', () => {
  test('success: READY then PAYMENT_SUCCESS, and the tab goes to successUrl', async ({ page, request }) => {
    // This shop passes the session's `url` to the SDK (the others let it derive the URL from its own src).
    const sessionId = await openShop(page, 'new_tab', { url: true });
    const tab = await openWindow(page);
    await expectEventTypes(page, ['CHECKOUT_READY']);
    await pay(tab, CARDS.approved);
    await tab.waitForURL(`${SUCCESS_URL}?**`);
    const transactionId = expectSuccessQuery(tab.url(), sessionId);
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_SUCCESS']);
    const events = await shopEvents(page);
    expect(events[0]).toEqual({ type: 'CHECKOUT_READY', sessionId });
    expectPaymentSuccess(events[1], sessionId);
    expect((events[1]!.paymentData as { transactionId: string }).transactionId).toBe(transactionId);
    expect(tab.isClosed()).toBe(false);
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'completed', transactionId });
  });

  test('decline, then retry in the tab, then success', async ({ page }) => {
    const sessionId = await openShop(page, 'new_tab');
    const tab = await openWindow(page);
    await pay(tab, CARDS.declined);
    await expect(paymentAlert(tab)).toContainText('4 attempts left.');
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_ERROR']);
    expect(tab.isClosed()).toBe(false);
    await tab.getByLabel('Card number').fill(CARDS.approved);
    await payButton(tab).click();
    await tab.waitForURL(`${SUCCESS_URL}?**`);
    expectSuccessQuery(tab.url(), sessionId);
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_ERROR', 'PAYMENT_SUCCESS']);
  });

  test('cancel: CHECKOUT_CANCELLED and the tab closes itself', async ({ page, request }) => {
    const sessionId = await openShop(page, 'new_tab');
    const tab = await openWindow(page);
    await expect(payButton(tab)).toBeEnabled();
    const closed = tab.waitForEvent('close');
    await tab.getByRole('button', { name: 'Cancel and return' }).click();
    await closed;
    await expectEventTypes(page, ['CHECKOUT_READY', 'CHECKOUT_CANCELLED']);
    expect((await shopEvents(page))[1]).toEqual({ type: 'CHECKOUT_CANCELLED', sessionId, reason: 'user_cancelled' });
    expect(await sessionStatus(request, sessionId)).toMatchObject({ status: 'cancelled' });
  });

  test('expiry: CHECKOUT_EXPIRED and the tab shows the expired page', async ({ page }) => {
    const sessionId = await openShop(page, 'new_tab', { expires: SHORT_EXPIRY });
    const tab = await openWindow(page);
    await expect(tab.getByRole('heading', { name: 'Checkout expired' })).toBeVisible({ timeout: 15_000 });
    await expectEventTypes(page, ['CHECKOUT_READY', 'CHECKOUT_EXPIRED']);
    expect((await shopEvents(page))[1]).toMatchObject({ type: 'CHECKOUT_EXPIRED', sessionId });
  });
});
