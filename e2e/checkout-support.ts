// Shared by the hosted checkout specs: the three origins (playwright.config.ts), the merchant test site's
// pages (e2e/merchant-site/server.mjs), filling the card form, and reading the SDK's events.
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { payHostedCheckout, type PayHostedCheckoutOptions } from 'vault/testing';

function origin(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through playwright.config.ts`);
  return value;
}

export const checkoutOrigin = origin('E2E_CHECKOUT_ORIGIN');
export const merchantOrigin = origin('E2E_MERCHANT_ORIGIN');
export const thirdPartyOrigin = origin('E2E_THIRD_PARTY_ORIGIN');

export type Mode = 'redirect' | 'popup' | 'iframe' | 'new_tab';

export const CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processorError: '4000000000000119',
} as const;

/** The amount every shop session asks for (the merchant site's default). */
export const SHOP_AMOUNT = { amount: '24.90', currency: 'EUR' } as const;

type ShopOptions = { expires?: number; forge?: boolean; url?: boolean; height?: number | string; sessionMode?: 'payment' | 'setup' };

/** Opens the merchant's shop page for `mode` (the site creates a fresh session server-side); its id. */
export async function openShop(page: Page, mode: Mode, options: ShopOptions = {}): Promise<string> {
  const query = new URLSearchParams({ mode });
  if (options.expires) query.set('expires', String(options.expires));
  if (options.forge) query.set('forge', '1');
  if (options.url) query.set('url', '1');
  if (options.height !== undefined) query.set('height', String(options.height));
  if (options.sessionMode) query.set('session_mode', options.sessionMode);
  const response = await page.goto(`${merchantOrigin}/shop?${query}`);
  expect(response?.status(), await response?.text()).toBe(200);
  const sessionId = (await page.locator('#session-id').textContent())!.trim();
  expect(sessionId).toMatch(/^cs_[0-9A-Za-z]{24}$/);
  return sessionId;
}

/** A session made by the merchant site's backend, without a page: `{sessionId, url, ...}`. */
export async function createSession(
  request: APIRequestContext,
  body: { mode: Mode; expires?: number; parentOrigin?: string; amount?: string; currency?: string; merchantName?: string },
) {
  const response = await request.post(`${merchantOrigin}/sessions`, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { sessionId: string; url: string; embedMode: Mode; expiresAt: string };
}

/** The session as the merchant's server sees it (GET /api/sessions/{id} with its keys). */
export async function sessionStatus(request: APIRequestContext, sessionId: string) {
  const response = await request.get(`${merchantOrigin}/sessions/${sessionId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { status: string; attempts: number; transactionId?: string } }).data;
}

type Root = Page | FrameLocator;

export async function fillCard(root: Root, card: { number: string; expiry?: string; cvc?: string; name?: string }) {
  await root.getByLabel('Card number').fill(card.number);
  await root.getByLabel('Expiry date').fill(card.expiry ?? '12 / 34');
  await root.getByLabel('Security code').fill(card.cvc ?? '123');
  await root.getByLabel('Name on card').fill(card.name ?? 'Ada Lovelace');
}

/** The payment result shown above the form (Next's own route announcer is an empty role=alert too). */
export function paymentAlert(root: Root) {
  return root.getByRole('form', { name: 'Card details' }).getByRole('alert');
}

export function payButton(root: Root) {
  return root.getByRole('button', { name: /^Pay / });
}

/**
 * Pays with `number` through the merchants' Playwright kit (`vault/testing`), so our own suite keeps the kit
 * honest: `page` is the checkout page (redirect, popup, new tab) or the shop page framing it (iframe).
 */
export async function pay(page: Page, number: string, options?: PayHostedCheckoutOptions) {
  await payHostedCheckout(page, { number, expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' }, options);
}

export type CheckoutEvent = { type: string; sessionId: string; [key: string]: unknown };

/** The messages the SDK handed to the shop page's callbacks, in order. */
export async function shopEvents(page: Page): Promise<CheckoutEvent[]> {
  return page.evaluate(() => (window as unknown as { __events: CheckoutEvent[] }).__events);
}

export async function expectEventTypes(page: Page, types: string[]) {
  await expect.poll(async () => (await shopEvents(page)).map((event) => event.type), { timeout: 15_000 }).toEqual(types);
}

/** The checkout iframe the SDK put into the shop page. */
export function checkoutFrame(page: Page): FrameLocator {
  return page.frameLocator('#checkout iframe');
}

/** The query of a return URL as an object, e.g. `{sessionId, transactionId, amount, currency, status, order}`. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
