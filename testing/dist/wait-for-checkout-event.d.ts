// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import type { Page } from '@playwright/test';
import type { VaultCheckoutMessage, VaultCheckoutMessageOf } from '../../public/checkout.js';
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
export declare function waitForCheckoutEvent<T extends CheckoutEventName>(page: Page, name: T, options?: WaitForCheckoutEventOptions): Promise<VaultCheckoutMessageOf<T>>;
