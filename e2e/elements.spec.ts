// Vault Elements in a real browser (issue 24): three card fields from the vault's origin on the merchant's
// own page (another origin), typed into as a person would, tokenized by submit(); the token detokenizes to
// the card on the merchant's server. The parent page never sees a digit (messages, DOM, console); a third
// origin cannot frame a field; forged messages change nothing; styles with url( are refused; keyboard-only
// use, axe, Amex formatting, 360 px, the classic-script build, and a session that expires by failures.
// Cards are typed with vault/testing's fillElements, as merchants' own tests type them.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { fillElements, waitForElementsEvent, type ElementsCard } from 'vault/testing';
import { checkoutOrigin, merchantOrigin, thirdPartyOrigin } from './checkout-support';
import { expectAccessible } from './dashboard-support';

const PAN = '4000056655665556';
const PAN_HEAD = PAN.slice(0, 12);
const CVC = '987';
const EXPIRY = '1234'; // typed digits → "12 / 34"

type ElementsWindow = Window & {
  __messages: { origin: string; data: string }[];
  __events: { type: string; name: string; detail?: { complete: boolean; empty: boolean; brand: string | null; error?: { code: string; message: string } } }[];
  __result?: { token: string; cvc_session_id?: string; brand: string | null; last4: string; exp_month: string; exp_year: string };
  __error?: { code: string; message: string; field?: string };
  __createError?: { code: string; message: string; field?: string };
  __elements: { getElement(type: string): { update(options: unknown): unknown } | null };
};

const field = (page: Page, id: string): FrameLocator => page.frameLocator(`#${id} iframe`);
const input = (page: Page, id: string) => field(page, id).locator('#field');

async function openForm(page: Page, query = ''): Promise<string> {
  const response = await page.goto(`${merchantOrigin}/elements${query}`);
  expect(response?.status(), await response?.text()).toBe(200);
  await expect.poll(() => page.evaluate(() => (window as unknown as ElementsWindow).__events.filter((event) => event.name === 'ready').length)).toBe(3);
  return (await page.locator('#session-id').textContent())!.trim();
}

const typeCard = (page: Page, card: ElementsCard = { number: PAN, expiry: EXPIRY, cvc: CVC }) => fillElements(page, card);

async function submitted(page: Page) {
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as ElementsWindow).__result ?? (window as unknown as ElementsWindow).__error)), { timeout: 15_000 }).toBe(true);
  return page.evaluate(() => ({ result: (window as unknown as ElementsWindow).__result, error: (window as unknown as ElementsWindow).__error }));
}

/** Every string the parent page could see, with spaces and slashes removed, must hold no card digits. */
function expectNoCardData(text: string, where: string): void {
  const squeezed = text.replace(/[\s/-]/g, '');
  expect(squeezed, where).not.toContain(PAN_HEAD);
  expect(squeezed, where).not.toContain(PAN.slice(4));
  expect(text, where).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${CVC}(?![0-9A-Za-z])`));
  expect(text, where).not.toContain('12 / 34');
}

test.describe('Vault Elements on the merchant page', () => {
  test('types a card into three fields, submits, and gets a token that detokenizes to that card — the page never sees a digit', async ({ page, request }) => {
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    const sessionId = await openForm(page);
    // Each field is the vault's own page, framed by the merchant's.
    for (const id of ['card-number', 'card-expiry', 'card-cvc']) expect(await page.locator(`#${id} iframe`).getAttribute('src')).toMatch(new RegExp(`^${checkoutOrigin}/elements/field\\?`));
    const numberComplete = waitForElementsEvent(page, 'cardNumber', 'change', { match: { complete: true } });
    await typeCard(page);
    expect(await numberComplete).toEqual({ complete: true, empty: false, brand: 'visa' });
    await expect(input(page, 'card-number')).toHaveValue('4000 0566 5566 5556');
    await expect(input(page, 'card-expiry')).toHaveValue('12 / 34');
    await expect(input(page, 'card-cvc')).toHaveValue(CVC);
    await expect(input(page, 'card-number')).toHaveAttribute('autocomplete', 'cc-number');
    await expect(input(page, 'card-expiry')).toHaveAttribute('autocomplete', 'cc-exp');
    await expect(input(page, 'card-cvc')).toHaveAttribute('autocomplete', 'cc-csc');
    const changes = await page.evaluate(() => (window as unknown as ElementsWindow).__events.filter((event) => event.name === 'change'));
    expect(changes.at(-1)).toEqual({ type: 'cardCvc', name: 'change', detail: { complete: true, empty: false, brand: null } });
    expect(changes.filter((event) => event.type === 'cardNumber').at(-1)?.detail).toEqual({ complete: true, empty: false, brand: 'visa' });

    const { result, error } = await submitted(page);
    expect(error).toBeUndefined();
    expect(result).toEqual({ token: expect.stringMatching(/^tok_/), cvc_session_id: expect.any(String), brand: 'visa', last4: '5556', exp_month: '12', exp_year: '2034' });
    await expect(page.locator('#outcome')).toHaveText('Saved visa •••• 5556');

    // The merchant's server: the session is completed with that token, which detokenizes to the card typed.
    const session = await (await request.get(`${merchantOrigin}/elements/session/${sessionId}`)).json();
    expect(session).toMatchObject({ status: 'completed', token: result!.token, brand: 'visa', last4: '5556', exp_month: '12', exp_year: '2034' });
    const detokenized = await (await request.get(`${merchantOrigin}/elements/detokenize?token=${result!.token}`)).json();
    expect(JSON.stringify(detokenized)).toContain(PAN);
    expect(JSON.stringify(detokenized)).toContain('"expirationMonth":"12"');

    // What the parent could see: every message it received, its own DOM, its console.
    const messages = await page.evaluate(() => (window as unknown as ElementsWindow).__messages);
    expect(messages.length).toBeGreaterThan(5);
    for (const message of messages) {
      expect(message.origin).toBe(checkoutOrigin);
      expectNoCardData(message.data, 'a message to the parent');
    }
    expectNoCardData(await page.content(), 'the parent DOM');
    expectNoCardData(console.join('\n'), 'the parent console');
  });

  test('formats an Amex 4-6-5 and takes its 4-digit code; the classic-script build works the same', async ({ page }) => {
    await openForm(page, '?global=1');
    await typeCard(page, { number: '378282246310005', expiry: EXPIRY, cvc: '1234' });
    await expect(input(page, 'card-number')).toHaveValue('3782 822463 10005');
    await expect(input(page, 'card-cvc')).toHaveValue('1234');
    const { result } = await submitted(page);
    expect(result).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  test('an invalid or incomplete field is reported by field, with no value; nothing is sent', async ({ page }) => {
    await openForm(page);
    const vaultCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/submit')) vaultCalls.push(r.url());
    });
    const invalid = waitForElementsEvent(page, 'cardNumber', 'change', { match: { error: { code: 'invalid' } } });
    await fillElements(page, { number: '4000056655665557', expiry: EXPIRY });
    expect(await invalid).toEqual({ complete: false, empty: false, brand: 'visa', error: { code: 'invalid', message: 'Your card number is invalid. Check it and try again.' } });
    await expect(input(page, 'card-number')).toHaveAttribute('aria-invalid', 'true');
    const { error } = await submitted(page);
    expect(error).toEqual({ code: 'invalid', message: 'Your card number is invalid. Check it and try again.', field: 'cardNumber' });
    expect(vaultCalls).toEqual([]);
  });

  test('keyboard only: Tab reaches each field in order, typing fills them, Enter on the button submits; axe finds nothing serious', async ({ page }) => {
    await openForm(page);
    await page.locator('h1').click();
    // Focus moves into another process's frame: each field is focused before it is typed into.
    for (const [id, typed] of [['card-number', PAN], ['card-expiry', EXPIRY], ['card-cvc', CVC]] as const) {
      await page.keyboard.press('Tab');
      await expect(input(page, id)).toBeFocused();
      await page.keyboard.type(typed);
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save card' })).toBeFocused();
    await expect(input(page, 'card-number')).toHaveValue('4000 0566 5566 5556');
    await expect(input(page, 'card-cvc')).toHaveValue(CVC);
    await expect(field(page, 'card-number').getByLabel('Card number')).toHaveCount(1);
    await expect(field(page, 'card-cvc').getByLabel('Security code')).toHaveCount(1);
    await expectAccessible(page, 'Elements form');
    await page.keyboard.press('Enter');
    await expect(page.locator('#outcome')).toHaveText('Saved visa •••• 5556', { timeout: 15_000 });
  });

  test('fits a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openForm(page);
    await typeCard(page);
    for (const id of ['card-number', 'card-expiry', 'card-cvc']) {
      const box = (await page.locator(`#${id} iframe`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(box.height).toBeGreaterThanOrEqual(40);
    }
    await page.screenshot({ path: 'test-results/elements-360.png', fullPage: true });
  });

  test('a style with url( is refused by the SDK, on create and on update', async ({ page }) => {
    await page.goto(`${merchantOrigin}/elements?style=${encodeURIComponent(JSON.stringify({ base: { color: 'url(https://evil.example/x)' } }))}`);
    await expect.poll(() => page.evaluate(() => (window as unknown as ElementsWindow).__createError)).toEqual({
      code: 'invalid_options',
      message: 'style.base.color is not allowed: plain values only (no url(), expressions or special characters)',
      field: 'style.base.color',
    });
    await expect(page.locator('iframe')).toHaveCount(0);
    await openForm(page);
    const refused = await page.evaluate(() => {
      try {
        (window as unknown as ElementsWindow).__elements.getElement('cardNumber')!.update({ style: { base: { backgroundColor: 'url(x)' } } });
        return null;
      } catch (error) {
        return (error as { code: string }).code;
      }
    });
    expect(refused).toBe('invalid_options');
  });
});

test.describe('Vault Elements across origins', () => {
  test('a third origin cannot frame a field (CSP frame-ancestors is the parent origin)', async ({ page }) => {
    await openForm(page);
    const src = (await page.locator('#card-number iframe').getAttribute('src'))!;
    const other = await page.context().newPage();
    const blocked: string[] = [];
    other.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) blocked.push(message.text());
    });
    await other.goto(`${thirdPartyOrigin}/frame?src=${encodeURIComponent(src)}`);
    await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(blocked[0]).toContain(merchantOrigin);
    await expect(other.frameLocator('iframe').locator('#field')).toHaveCount(0);
  });

  test('forged messages change nothing: commands from a window that is not the parent, and events from a frame that is not a field', async ({ page }) => {
    await openForm(page);
    await typeCard(page);
    const src = (await page.locator('#card-number iframe').getAttribute('src'))!;
    const instance = new URL(src).searchParams.get('instance')!;
    // A third-party widget on the merchant's page knows the instance and posts to the number frame and to the page.
    await page.evaluate(({ thirdParty }) => {
      const frame = document.createElement('iframe');
      frame.id = 'forger';
      frame.title = 'Third-party widget';
      frame.src = `${thirdParty}/forge`;
      document.body.appendChild(frame);
    }, { thirdParty: thirdPartyOrigin });
    await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${thirdPartyOrigin}/forge`))).toBe(true);
    await page.frameLocator('#forger').locator('body').waitFor({ state: 'attached' });
    const before = await page.evaluate(() => (window as unknown as ElementsWindow).__events.length);
    await page.frames().find((frame) => frame.url().startsWith(`${thirdPartyOrigin}/forge`))!.evaluate((instance) => {
      const numberFrame = window.parent.frames[0]!;
      for (const command of [{ action: 'clear' }, { action: 'update', style: { base: { color: 'red' } } }, { action: 'submit', clientSecret: 'x', requestId: 'forged' }]) {
        numberFrame.postMessage({ type: 'vault-elements', instance, ...command }, '*');
      }
      window.parent.postMessage({ type: 'vault-elements', instance, field: 'card_number', event: 'change', detail: { complete: false, empty: true, brand: null } }, '*');
      window.parent.postMessage({ type: 'vault-elements', instance, field: 'card_number', event: 'result', requestId: 'forged', ok: true, result: { token: 'tok_forged' } }, '*');
    }, instance);
    await page.waitForTimeout(500);
    await expect(input(page, 'card-number')).toHaveValue('4000 0566 5566 5556');
    expect(await input(page, 'card-number').evaluate((element) => (element as HTMLInputElement).style.color)).toBe('');
    expect(await page.evaluate(() => (window as unknown as ElementsWindow).__events.length)).toBe(before);
    const { result } = await submitted(page);
    expect(result?.token).toMatch(/^tok_(?!forged)/);
  });

  test('a session that failed 5 times answers with collect_session_expired', async ({ page, request }) => {
    const sessionId = await openForm(page, '?secret=bad');
    await typeCard(page);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const { error } = await submitted(page);
      expect(error).toEqual({ code: 'invalid_client_secret', message: 'Invalid client secret' });
      await page.evaluate(() => delete (window as unknown as ElementsWindow).__error);
    }
    const { error } = await submitted(page);
    expect(error).toEqual({ code: 'collect_session_expired', message: 'Collect session expired' });
    expect((await (await request.get(`${merchantOrigin}/elements/session/${sessionId}`)).json()).status).toBe('expired');
  });
});
