// The hosted checkout's browser security: headers per session (nonce CSP, frame-ancestors), framing by a
// third origin blocked, forged messages ignored by the SDK, no second charge, no request to another origin,
// no card data in URLs, storage or the console. Plus the page's accessibility and narrow-screen layout.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  CARDS,
  checkoutOrigin,
  createSession,
  expectEventTypes,
  fillCard,
  merchantOrigin,
  openShop,
  pay,
  paymentAlert,
  payButton,
  sessionStatus,
  shopEvents,
  thirdPartyOrigin,
} from './checkout-support';

function directives(policy: string | undefined): Map<string, string> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0]!, part.split(/\s+/).slice(1).join(' ')]),
  );
}

test.describe('checkout page headers', () => {
  test('an iframe session may be framed by its parentOrigin only, with a fresh nonce per response', async ({ request }) => {
    const session = await createSession(request, { mode: 'iframe' });
    const first = await request.get(session.url);
    expect(first.status()).toBe(200);
    const headers = first.headers();
    const policy = directives(headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toBe(merchantOrigin);
    expect(policy.get('script-src')).toMatch(/^'nonce-[A-Za-z0-9+/]+={0,2}' 'strict-dynamic'$/);
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('form-action')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('default-src')).toBe("'self'");
    // Nothing but the checkout itself (and the one parent allowed to frame it) anywhere in the policy.
    expect(headers['content-security-policy']!.replace(`frame-ancestors ${merchantOrigin}`, '')).not.toMatch(/https?:|\*/);
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Every script Next emits carries this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(policy.get('script-src')!)![1]!;
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await request.get(session.url);
    expect(second.headers()['content-security-policy']).not.toContain(nonce);
  });

  test('popup, new tab and redirect sessions and unknown ids are never frameable', async ({ request }) => {
    for (const mode of ['popup', 'new_tab', 'redirect'] as const) {
      const session = await createSession(request, { mode });
      const response = await request.get(session.url);
      expect(response.status()).toBe(200);
      expect(directives(response.headers()['content-security-policy']).get('frame-ancestors')).toBe("'none'");
      expect(response.headers()['x-frame-options']).toBe('DENY');
      expect(response.headers()['cross-origin-opener-policy']).toBe('unsafe-none');
    }
    const unknown = await request.get(`${checkoutOrigin}/checkout/cs_000000000000000000000000`);
    expect(unknown.status()).toBe(404);
    expect(directives(unknown.headers()['content-security-policy']).get('frame-ancestors')).toBe("'none'");
    expect(unknown.headers()['x-frame-options']).toBe('DENY');
    expect(await unknown.text()).toContain('Checkout not found');
  });

  test('the SDK and its types are served with their own content types', async ({ request }) => {
    const types = await request.get(`${checkoutOrigin}/checkout.d.ts`);
    expect(types.status()).toBe(200);
    expect(types.headers()['content-type']).toBe('application/typescript; charset=utf-8');
    expect(await types.text()).toBe(await readFile(new URL('../public/checkout.d.ts', import.meta.url), 'utf8'));
    const script = await request.get(`${checkoutOrigin}/checkout.js`);
    expect(script.headers()['content-type']).toMatch(/^application\/javascript/);
  });

  test('other pages keep their own headers', async ({ request }) => {
    const landing = await request.get(`${checkoutOrigin}/`);
    expect(landing.headers()['x-frame-options']).toBe('DENY');
    expect(landing.headers()['cross-origin-opener-policy']).toBe('same-origin');
    // The dashboard's own policy (proxy.ts): never framed, its own nonce.
    expect(landing.headers()['content-security-policy']).toMatch(/^default-src 'self'; script-src 'nonce-[^']+' 'strict-dynamic';.*frame-ancestors 'none'$/);
    // A client cannot choose the nonce Next uses by sending its own policy header.
    const forged = await request.get(`${checkoutOrigin}/`, { headers: { 'Content-Security-Policy': "script-src 'nonce-attacker'" } });
    expect(await forged.text()).not.toContain('nonce="attacker"');
    expect(forged.headers()['content-security-policy']).not.toContain('attacker');
  });
});

test.describe('framing and messages across origins', () => {
  test('a third origin cannot frame an iframe session (CSP) and receives no message', async ({ page, request }) => {
    const session = await createSession(request, { mode: 'iframe' });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) blocked.push(message.text());
    });
    const checkoutRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(checkoutOrigin)) checkoutRequests.push(r.url());
    });
    await page.goto(`${thirdPartyOrigin}/frame?src=${encodeURIComponent(session.url)}`);
    await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(blocked[0]).toContain(merchantOrigin);
    // The document was refused: no script of the checkout ran (no chunk was fetched), no form, no message.
    await page.waitForTimeout(1_500);
    expect(checkoutRequests).toEqual([session.url]);
    await expect(page.frameLocator('#checkout-frame').getByLabel('Card number')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages)).toEqual([]);
  });

  test('the merchant origin cannot frame a popup session either', async ({ page, request }) => {
    const session = await createSession(request, { mode: 'popup' });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options/.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${merchantOrigin}/return/success`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.id = 'checkout-frame';
      frame.src = src;
      document.body.appendChild(frame);
    }, session.url);
    await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.frameLocator('#checkout-frame').getByLabel('Card number')).toHaveCount(0);
  });

  test('the SDK ignores forged messages: wrong origin, or the right origin from another window', async ({ page }) => {
    const sessionId = await openShop(page, 'iframe', { forge: true });
    await page.getByRole('button', { name: 'Pay with Vault' }).click();
    await expectEventTypes(page, ['CHECKOUT_READY']);

    // 1. A third-party frame inside the shop posts PAYMENT_SUCCESS and CHECKOUT_CANCELLED for this session.
    const forger = page.frames().find((frame) => frame.url().startsWith(`${thirdPartyOrigin}/forge`));
    expect(forger).toBeDefined();
    await forger!.evaluate((id) => {
      parent.postMessage({ type: 'PAYMENT_SUCCESS', sessionId: id, paymentData: { transactionId: 'sbx_forged' } }, '*');
      parent.postMessage({ type: 'CHECKOUT_CANCELLED', sessionId: id, reason: 'user_cancelled' }, '*');
    }, sessionId);
    // 2. The shop page's own window (merchant origin) does the same.
    await page.evaluate((id) => window.postMessage({ type: 'PAYMENT_SUCCESS', sessionId: id, paymentData: { transactionId: 'sbx_forged' } }, '*'), sessionId);
    // 3. The checkout origin, but not the SDK's frame: the same session opened in a second iframe says READY.
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.id = 'second-checkout';
      frame.src = src;
      document.body.appendChild(frame);
    }, `${checkoutOrigin}/checkout/${sessionId}`);
    await expect(page.frameLocator('#second-checkout').getByRole('button', { name: /^Pay / })).toBeEnabled();

    await page.waitForTimeout(1_000);
    expect((await shopEvents(page)).map((event) => event.type)).toEqual(['CHECKOUT_READY']);
    await expect(page.locator('#checkout iframe')).toHaveCount(1);

    // The real checkout (the SDK's own iframe, not the second one) still reports normally.
    await pay(page, CARDS.approved, { frameSelector: '#checkout iframe' });
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_SUCCESS']);
    expect(((await shopEvents(page))[1]!.paymentData as { transactionId: string }).transactionId).toMatch(/^sbx_(?!forged)/);
  });
});

test.describe('messages only where they belong', () => {
  test('a redirect session posts nothing, even to a window that opened it', async ({ page, request }) => {
    const session = await createSession(request, { mode: 'redirect' });
    await page.goto(`${merchantOrigin}/return/success`);
    await page.evaluate(() => {
      (window as unknown as { __messages: unknown[] }).__messages = [];
      window.addEventListener('message', (event) => (window as unknown as { __messages: unknown[] }).__messages.push(event.data));
    });
    const opened = page.waitForEvent('popup');
    await page.evaluate((url) => void window.open(url, '_blank'), session.url);
    const child = await opened;
    await expect(payButton(child)).toBeEnabled();
    await child.getByRole('button', { name: 'Cancel and return' }).click();
    await child.waitForURL(`${merchantOrigin}/return/cancel?**`);
    expect(await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages)).toEqual([]);
  });

  test('an unknown session id posts nothing', async ({ page }) => {
    await page.goto(`${merchantOrigin}/return/success`);
    await page.evaluate(() => {
      (window as unknown as { __messages: unknown[] }).__messages = [];
      window.addEventListener('message', (event) => (window as unknown as { __messages: unknown[] }).__messages.push(event.data));
    });
    const opened = page.waitForEvent('popup');
    await page.evaluate((url) => void window.open(url, '_blank'), `${checkoutOrigin}/checkout/cs_000000000000000000000000`);
    const child = await opened;
    await expect(child.getByRole('heading', { name: 'Checkout not found' })).toBeVisible();
    await child.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages)).toEqual([]);
  });

  test("the SDK's close() removes the iframe or closes the popup and stops listening", async ({ page }) => {
    await openShop(page, 'iframe');
    await page.getByRole('button', { name: 'Pay with Vault' }).click();
    await expectEventTypes(page, ['CHECKOUT_READY']);
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await expect(page.locator('#checkout iframe')).toHaveCount(0);

    await openShop(page, 'popup');
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay with Vault' }).click();
    const popup = await opened;
    await expectEventTypes(page, ['CHECKOUT_READY']);
    const closed = popup.waitForEvent('close');
    await page.getByRole('button', { name: 'Close checkout' }).click();
    await closed;
    expect((await shopEvents(page)).map((event) => event.type)).toEqual(['CHECKOUT_READY']);
  });
});

test.describe('payment safety', () => {
  test('a completed session cannot be paid twice; reloading shows "already paid"', async ({ page, request }) => {
    const session = await createSession(request, { mode: 'redirect' });
    await page.goto(session.url);
    await pay(page, CARDS.approved);
    await page.waitForURL(`${merchantOrigin}/return/success?**`);
    const { transactionId } = await sessionStatus(request, session.sessionId);
    expect(transactionId).toMatch(/^sbx_/);

    await page.goto(session.url);
    await expect(page.getByRole('heading', { name: 'Already paid' })).toBeVisible();
    await expect(page.getByText('You will not be charged again.')).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByText(transactionId!)).toBeVisible();

    // And straight at the endpoint, from the page's own origin: refused, nothing charged.
    const again = await page.evaluate(async (id) => {
      const response = await fetch(`/checkout/${id}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2034', cvc: '123' }),
      });
      return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
    }, session.sessionId);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('session_completed');
    expect(await sessionStatus(request, session.sessionId)).toMatchObject({ status: 'completed', transactionId });
  });

  test('no request leaves the page for another origin; no card data in URLs, storage or the console', async ({ page }) => {
    const sessionId = await openShop(page, 'redirect');
    const fromCheckout: Request[] = [];
    const consoleText: string[] = [];
    page.on('request', (r) => {
      if (r.frame() === page.mainFrame() && page.url().startsWith(checkoutOrigin)) fromCheckout.push(r);
    });
    page.on('console', (message) => consoleText.push(message.text()));
    await page.getByRole('button', { name: 'Pay with Vault' }).click();
    await page.waitForURL(`${checkoutOrigin}/checkout/${sessionId}`);
    await page.waitForLoadState('networkidle');
    // A declined attempt, then an approved one: both go only to the checkout's own origin.
    await pay(page, CARDS.declined);
    await expect(paymentAlert(page)).toBeVisible();
    const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
    expect(storage).toBe('{"local":{},"session":{},"cookie":""}');
    await page.getByLabel('Card number').fill(CARDS.approved);
    await payButton(page).click();
    await page.waitForURL(`${merchantOrigin}/return/success?**`);

    const urls = fromCheckout.map((r) => r.url());
    const elsewhere = fromCheckout.filter((r) => !r.url().startsWith(`${checkoutOrigin}/`));
    // The one request to another origin is the navigation to the merchant's successUrl after payment.
    expect(elsewhere.map((r) => [r.isNavigationRequest(), new URL(r.url()).pathname])).toEqual([[true, '/return/success']]);
    expect(urls.filter((url) => url.includes('/pay'))).toHaveLength(2);
    // The policy let everything the page needs run: no violation reported.
    expect(consoleText.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
    for (const card of [CARDS.declined, CARDS.approved]) {
      for (const url of urls) expect(url).not.toContain(card);
      for (const line of consoleText) expect(line).not.toContain(card);
    }
    const payRequests = fromCheckout.filter((r) => r.url().endsWith('/pay'));
    for (const r of payRequests) {
      expect(r.method()).toBe('POST');
      expect(r.headers()['content-type']).toBe('application/json');
      expect(r.headers()['referer'] ?? '').toBe('');
    }
  });
});

test.describe('checkout page accessibility and layout', () => {
  async function openCheckout(page: Page, mode: 'redirect' = 'redirect') {
    const session = await createSession(page.request, { mode });
    await page.goto(session.url);
    await expect(payButton(page)).toBeEnabled();
    return session;
  }

  test('labelled fields, inline errors tied to their field, focus on the first invalid one', async ({ page }) => {
    await openCheckout(page);
    await payButton(page).click();
    const number = page.getByLabel('Card number');
    await expect(number).toBeFocused();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription(/Enter your card number\./);
    await expect(page.getByLabel('Expiry date')).toHaveAccessibleDescription(/Enter the expiry date\./);
    await expect(page.getByLabel('Security code')).toHaveAccessibleDescription(/Enter the security code\./);
    await expect(page.getByLabel('Name on card')).toHaveAccessibleDescription(/Enter the name on the card\./);

    // Brand, spacing, Luhn.
    await number.fill('4242424242424241');
    await expect(number).toHaveValue('4242 4242 4242 4241');
    await page.getByLabel('Expiry date').focus();
    await expect(number).toHaveAccessibleDescription(/invalid/);
    await number.fill('378282246310005');
    await expect(number).toHaveValue('3782 822463 10005');
    await expect(number).toHaveAttribute('aria-invalid', 'false');
    await expect(number).toHaveAccessibleDescription(/American Express/);
    await expect(page.getByLabel('Security code')).toHaveAccessibleDescription(/4 digits/);

    // Keyboard only: typing, tabbing and Enter pay.
    await number.fill('');
    await number.pressSequentially('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await expect(page.getByLabel('Expiry date')).toHaveValue('12 / 34');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${merchantOrigin}/return/success?**`);
  });

  test('the amount stays on one line, whole and unrounded, at 320 and 1280 px (screenshots)', async ({ page }) => {
    const outputDir = test.info().project.outputDir;
    const longName = 'The Very Long Named Northern Coffee Roasters Guild';
    expect(longName).toHaveLength(50);
    const cases = [
      { name: 'eur', amount: '12345.67', currency: 'EUR', shown: '€12,345.67' },
      { name: 'eur-long-merchant', amount: '1234567.89', currency: 'EUR', merchantName: longName, shown: '€1,234,567.89' },
      { name: 'jpy', amount: '1000000', currency: 'JPY', shown: '¥1,000,000' },
      // The longest amounts there are: 15 integer digits, and the largest 4-decimal one with a currency code.
      { name: 'eur-max', amount: '999999999999999.99', currency: 'EUR', merchantName: longName, shown: '€999,999,999,999,999.99' },
      { name: 'clf-max', amount: '922337203685477.5807', currency: 'CLF', shown: 'CLF 922,337,203,685,477.5807' },
      // CLDR would display HUF without decimals (and round to "HUF 2"): the stored amount is shown as it is.
      { name: 'huf', amount: '1.50', currency: 'HUF', shown: 'HUF 1.50' },
    ];
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const { name, shown, ...body } of cases) {
        const session = await createSession(page.request, { mode: 'redirect', ...body });
        await page.goto(session.url);
        await expect(payButton(page)).toBeEnabled();
        await page.screenshot({ path: path.join(outputDir, `checkout-amount-${width}-${name}.png`), animations: 'disabled' });
        const amount = page.getByTestId('checkout-amount');
        await expect(amount).toHaveText(shown);
        await expect(payButton(page)).toHaveText(`Pay ${shown}`);
        const layout = await amount.evaluate((element) => {
          const text = document.createRange();
          text.selectNodeContents(element);
          const box = text.getBoundingClientRect();
          const card = element.closest('section')!.getBoundingClientRect();
          const pay = document.querySelector('button[type=submit]')!;
          return {
            lines: text.getClientRects().length,
            insideCard: box.left >= card.left && box.right <= card.right,
            payButtonOverflow: pay.scrollWidth - pay.clientWidth,
            pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
        expect(layout, `${name} at ${width} px`).toEqual({ lines: 1, insideCard: true, payButtonOverflow: 0, pageOverflow: 0 });
      }
    }
  });

  test('responsive down to 320 px, with screenshots', async ({ page }) => {
    const outputDir = test.info().project.outputDir;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openCheckout(page);
    await page.screenshot({ path: path.join(outputDir, 'checkout-desktop.png'), fullPage: true, animations: 'disabled' });
    await pay(page, CARDS.insufficientFunds);
    await expect(paymentAlert(page)).toContainText('Insufficient funds');
    await page.screenshot({ path: path.join(outputDir, 'checkout-desktop-declined.png'), fullPage: true, animations: 'disabled' });

    await page.setViewportSize({ width: 320, height: 720 });
    await openCheckout(page);
    await payButton(page).click();
    await fillCard(page, { number: '3782822463', expiry: '', cvc: '', name: '' });
    await page.screenshot({ path: path.join(outputDir, 'checkout-320-errors.png'), fullPage: true, animations: 'disabled' });
    await fillCard(page, { number: CARDS.approved });
    await page.screenshot({ path: path.join(outputDir, 'checkout-320.png'), fullPage: true, animations: 'disabled' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    for (const name of ['Card number', 'Expiry date', 'Security code', 'Name on card']) {
      const box = await page.getByLabel(name).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    }
    // The card number fits its field at this width.
    const fits = await page.getByLabel('Card number').evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
    expect(fits).toBe(true);
  });
});
