// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import type { Page } from '@playwright/test';
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
export declare function payHostedCheckout(page: Page, card: HostedCheckoutCard, options?: PayHostedCheckoutOptions): Promise<void>;
