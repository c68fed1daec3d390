// Vault Elements' frame → page events (components/elements/protocol.ts): `{ type: 'vault-elements', field,
// event, detail? }`, accepted only from a field iframe of the page at that iframe's origin. A frame never
// sends a value, so neither does this: `change` resolves with its detail, the others with undefined.
import type { Page } from '@playwright/test';
import type { ElementChange, ElementEvent, ElementType } from '../../public/elements.js';
import { waitForMessage } from './wait-for-message.js';

export interface WaitForElementsEventOptions {
  /** Default 15 s. */
  timeout?: number;
  /** `change` only: wait for a detail with these values, e.g. `{ complete: true }` (each keystroke sends one). */
  match?: ElementChangeMatch;
}

/** Some of a `change` detail's values, e.g. `{ complete: true }` or `{ error: { code: 'invalid' } }`. */
export type ElementChangeMatch = Partial<Omit<ElementChange, 'error'>> & { error?: Partial<NonNullable<ElementChange['error']>> };

const FIELD_OF: Record<ElementType, string> = { cardNumber: 'card_number', cardExpiry: 'card_expiry', cardCvc: 'card_cvc' };

export type ElementsEventDetail<E extends ElementEvent> = E extends 'change' ? ElementChange : undefined;

export async function waitForElementsEvent<E extends ElementEvent>(page: Page, elementType: ElementType, name: E, options: WaitForElementsEventOptions = {}): Promise<ElementsEventDetail<E>> {
  const field = FIELD_OF[elementType];
  if (!field) throw new Error(`waitForElementsEvent: the element types are ${Object.keys(FIELD_OF).join(', ')}`);
  const detail = await waitForMessage(page, {
    match: { type: 'vault-elements', field, event: name, ...(options.match ? { detail: options.match } : {}) },
    origin: null,
    originScript: null,
    sourceFrames: 'iframe[src*="/elements/field?"]',
    pick: 'detail',
    timeout: options.timeout ?? 15_000,
    label: `waitForElementsEvent: ${elementType} ${name}`,
  });
  return detail as ElementsEventDetail<E>;
}
