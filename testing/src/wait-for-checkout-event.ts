// The embed SDK's messages (public/checkout.js's table in docs/checkout.md) as they reach the merchant's
// page from the checkout: from its iframe (iframe mode) or from the popup or tab it opened.
import type { Page } from '@playwright/test';
import type { VaultCheckoutMessage, VaultCheckoutMessageOf } from '../../public/checkout.js';
import { waitForMessage } from './wait-for-message.js';

export type CheckoutEventName = VaultCheckoutMessage['type'];

export interface WaitForCheckoutEventOptions {
  /** Default 15 s. */
  timeout?: number;
  /** The checkout's origin (`CHECKOUT_URL`); default the origin the page loaded checkout.js from. */
  origin?: string;
  /** Only this session's message. */
  sessionId?: string;
}

/** Resolves with the first `name` message ({ type, sessionId, … }) the page receives from the checkout. */
export async function waitForCheckoutEvent<T extends CheckoutEventName>(page: Page, name: T, options: WaitForCheckoutEventOptions = {}): Promise<VaultCheckoutMessageOf<T>> {
  const data = await waitForMessage(page, {
    match: { type: name, ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }) },
    origin: options.origin === undefined ? null : new URL(options.origin).origin,
    originScript: '/checkout.js',
    sourceFrames: null,
    pick: null,
    timeout: options.timeout ?? 15_000,
    label: `waitForCheckoutEvent: ${name}`,
  });
  return data as VaultCheckoutMessageOf<T>;
}
