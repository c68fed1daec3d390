// Fills and submits the hosted checkout page in any embed mode. Given the page that shows the checkout
// (redirect: the merchant's tab once it has navigated; popup and new_tab: the opened Page), or the
// merchant's page that frames it (iframe mode), it finds the form, waits until it is usable (the button is
// disabled until the page has hydrated), fills it and presses Pay (setup mode: Save card).
import type { FrameLocator, Page } from '@playwright/test';
import { poll } from './poll.js';

export interface HostedCheckoutCard {
  number: string;
  /** `MM/YY` or `MM / YY`. */
  expiry: string;
  cvc: string;
  /** Name on card; default "Test Customer". */
  name?: string;
}

export interface PayHostedCheckoutOptions {
  /** iframe mode: the selector of the checkout iframe in the merchant's page; default the iframe showing `/checkout/cs_…`. */
  frameSelector?: string;
  /** How long to wait for the checkout page or iframe to appear and its form to be usable (default 15 s). */
  timeout?: number;
}

const CHECKOUT_PATH = /\/checkout\/cs_[0-9A-Za-z]+$/;
const CHECKOUT_FRAME = 'iframe[src*="/checkout/cs_"]';

/** The checkout page itself, or the merchant page's checkout iframe: whichever shows up first. */
function checkoutRoot(page: Page, frameSelector: string, timeout: number): Promise<Page | FrameLocator> {
  return poll<Page | FrameLocator>(
    async () => {
      if (CHECKOUT_PATH.test(new URL(page.url()).pathname)) return page;
      return (await page.locator(frameSelector).count()) > 0 ? page.frameLocator(frameSelector) : null;
    },
    timeout,
    () => `payHostedCheckout: ${page.url()} is not a checkout page and frames no checkout (${frameSelector}) after ${timeout} ms`,
  );
}

export async function payHostedCheckout(page: Page, card: HostedCheckoutCard, options: PayHostedCheckoutOptions = {}): Promise<void> {
  const timeout = options.timeout ?? 15_000;
  const root = await checkoutRoot(page, options.frameSelector ?? CHECKOUT_FRAME, timeout);
  const form = root.getByRole('form', { name: 'Card details' });
  const submit = form.getByRole('button', { name: /^(Pay\s|Save card$)/ });
  await poll(() => submit.isEnabled({ timeout }), timeout, () => `payHostedCheckout: the checkout's Pay button was not enabled within ${timeout} ms`);
  await form.getByLabel('Card number').fill(card.number);
  await form.getByLabel('Expiry date').fill(card.expiry);
  await form.getByLabel('Security code').fill(card.cvc);
  await form.getByLabel('Name on card').fill(card.name ?? 'Test Customer');
  await submit.click();
}
