// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import type { Page } from '@playwright/test';
export interface MessageMatcher {
    /** Every key given must equal the message data's (nested objects compared the same way). */
    match: Record<string, unknown>;
    /** Accept this exact origin only; null: see `originScript`. */
    origin: string | null;
    /** When `origin` is null: the origin of the first script whose src contains this; without one, any other origin than the page's. */
    originScript: string | null;
    /** Accept messages only from the window of an iframe matching this selector (and at that iframe's origin). */
    sourceFrames: string | null;
    /** Resolve with `data[pick]` instead of the whole data. */
    pick: string | null;
    timeout: number;
    /** Names the wait in the time-out error, e.g. "waitForCheckoutEvent: PAYMENT_SUCCESS". */
    label: string;
}
export declare function waitForMessage(page: Page, matcher: MessageMatcher): Promise<unknown>;
