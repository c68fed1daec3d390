// Checkout setup mode (issue 24) in each embed mode, from the merchant's test site on another origin: the page
// asks to save a card ("Save card", no amount), the customer lands on successUrl with only the session and
// the status, the SDK's PAYMENT_SUCCESS (popup, iframe, new tab) carries the token, brand and last 4, and the
// merchant's server reads the same token from the session.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { CARDS, checkoutFrame, checkoutOrigin, expectEventTypes, fillCard, merchantOrigin, openShop, queryOf, shopEvents, type Mode } from './checkout-support';

const SUCCESS_URL = `${merchantOrigin}/return/success`;
const MODES: Mode[] = ['redirect', 'popup', 'iframe', 'new_tab'];

type SetupStatus = { status: string; mode: string; token?: string; brand?: string | null; last4?: string; amount?: string; transactionId?: string };

/** Opens the checkout the way the shop's button does in `mode`; the page (or frame) holding its form. */
async function openCheckout(page: Page, mode: Mode, sessionId: string): Promise<{ root: Page | FrameLocator; child: Page | null }> {
  const pay = page.getByRole('button', { name: 'Pay with Vault' });
  if (mode === 'redirect') {
    await pay.click();
    await expect(page).toHaveURL(`${checkoutOrigin}/checkout/${sessionId}`);
    return { root: page, child: null };
  }
  if (mode === 'iframe') {
    await pay.click();
    return { root: checkoutFrame(page), child: null };
  }
  const opened = page.waitForEvent('popup');
  await pay.click();
  const child = await opened;
  await child.waitForLoadState();
  return { root: child, child };
}

for (const mode of MODES) {
  test(`${mode}: "Save card", no amount; the card is saved as a token the merchant reads, and the success event carries it`, async ({ page, request }) => {
    const sessionId = await openShop(page, mode, { sessionMode: 'setup' });
    const { root, child } = await openCheckout(page, mode, sessionId);
    const navigations: string[] = [];
    child?.on('request', (r) => {
      if (r.isNavigationRequest()) navigations.push(r.url());
    });

    await expect(root.getByRole('heading', { level: 1 })).toContainText('Save a card for E2E Coffee Roasters');
    await expect(root.getByTestId('checkout-amount')).toHaveCount(0);
    await expect(root.getByText('€', { exact: false })).toHaveCount(0);
    const save = root.getByRole('button', { name: 'Save card', exact: true });
    await expect(save).toBeEnabled();
    await expect(root.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await fillCard(root, { number: CARDS.declined });
    const closed = mode === 'popup' ? child!.waitForEvent('close') : null;
    await save.click();

    // Where the customer lands: successUrl with the session and the status only (no amount, no token).
    let landed: string;
    if (mode === 'redirect') {
      await page.waitForURL(`${SUCCESS_URL}?**`);
      landed = page.url();
    } else if (mode === 'popup') {
      await closed;
      landed = navigations.find((url) => url.startsWith(SUCCESS_URL)) ?? '';
    } else if (mode === 'iframe') {
      await expect((root as FrameLocator).getByRole('heading', { name: 'Return: success' })).toBeVisible();
      landed = page.frames().find((frame) => frame.url().startsWith(SUCCESS_URL))?.url() ?? '';
    } else {
      await child!.waitForURL(`${SUCCESS_URL}?**`);
      landed = child!.url();
    }
    expect(queryOf(landed)).toEqual({ order: '1042', sessionId, status: 'success' });

    // The merchant's server reads the token (the sandbox's decline card is saved: no processor is asked).
    const read = await request.get(`${merchantOrigin}/sessions/${sessionId}`);
    expect(read.status()).toBe(200);
    const session = ((await read.json()) as { data: SetupStatus }).data;
    expect(session).toMatchObject({ status: 'completed', mode: 'setup', token: expect.stringMatching(/^tok_[0-9A-Za-z]{24}$/), brand: 'visa', last4: '0002' });
    expect(session).not.toHaveProperty('amount');
    expect(session).not.toHaveProperty('transactionId');

    if (mode === 'redirect') return; // no window to post to: no events
    await expectEventTypes(page, ['CHECKOUT_READY', 'PAYMENT_SUCCESS']);
    expect((await shopEvents(page))[1]).toEqual({ type: 'PAYMENT_SUCCESS', sessionId, paymentData: { token: session.token, brand: 'visa', last4: '0002' } });
  });
}
