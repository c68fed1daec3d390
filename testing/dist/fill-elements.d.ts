// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import type { Page } from '@playwright/test';
export interface ElementsCard {
    number: string;
    /** `MM/YY`, `MM / YY` or the four digits `MMYY`: the field formats what is typed. */
    expiry: string;
    /** Left out when the collect session has no `card_cvc` field. */
    cvc?: string;
}
export interface FillElementsOptions {
    /**
     * A selector for each field's iframe. Default: the iframe whose `src` is the vault's
     * `/elements/field?…&field=card_number` (`card_expiry`, `card_cvc`), so no container id is needed.
     * Give one when the page mounts more than one set of fields.
     */
    frameSelector?: {
        number?: string;
        expiry?: string;
        cvc?: string;
    };
    /** Milliseconds between key presses (default 0). */
    delay?: number;
}
/** The default selector of one field's iframe: found by its `src`, never by the merchant's markup. */
export declare const elementsFrameSelector: (field: string) => string;
export declare function fillElements(page: Page, card: ElementsCard, options?: FillElementsOptions): Promise<void>;
