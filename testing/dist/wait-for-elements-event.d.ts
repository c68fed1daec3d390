// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
import type { Page } from '@playwright/test';
import type { ElementChange, ElementEvent, ElementType } from '../../public/elements.js';
export interface WaitForElementsEventOptions {
    /** Default 15 s. */
    timeout?: number;
    /** `change` only: wait for a detail with these values, e.g. `{ complete: true }` (each keystroke sends one). */
    match?: ElementChangeMatch;
}
/** Some of a `change` detail's values, e.g. `{ complete: true }` or `{ error: { code: 'invalid' } }`. */
export type ElementChangeMatch = Partial<Omit<ElementChange, 'error'>> & {
    error?: Partial<NonNullable<ElementChange['error']>>;
};
export type ElementsEventDetail<E extends ElementEvent> = E extends 'change' ? ElementChange : undefined;
export declare function waitForElementsEvent<E extends ElementEvent>(page: Page, elementType: ElementType, name: E, options?: WaitForElementsEventOptions): Promise<ElementsEventDetail<E>>;
