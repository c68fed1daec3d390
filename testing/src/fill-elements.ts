// Types a card into Vault Elements' three field iframes as a customer would: click, then key by key, so
// the fields format, detect the brand and emit their events exactly as they do for a person.
import type { FrameLocator, Page } from '@playwright/test';

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
  frameSelector?: { number?: string; expiry?: string; cvc?: string };
  /** Milliseconds between key presses (default 0). */
  delay?: number;
}

const FIELDS = { number: 'card_number', expiry: 'card_expiry', cvc: 'card_cvc' } as const;

/** The default selector of one field's iframe: found by its `src`, never by the merchant's markup. */
export const elementsFrameSelector = (field: string): string => `iframe[src*="/elements/field?"][src*="field=${field}"]`;

async function typeInto(page: Page, selector: string, text: string, delay: number): Promise<void> {
  const frame: FrameLocator = page.frameLocator(selector);
  const input = frame.locator('#field');
  // Type once the field page has loaded (its script, deferred, formats and checks what is typed): a person
  // does not type into a page that is still loading either.
  await input.evaluate(() => document.readyState === 'complete' || new Promise<boolean>((resolve) => window.addEventListener('load', () => resolve(true), { once: true })));
  await input.click();
  await input.pressSequentially(text, { delay });
}

export async function fillElements(page: Page, card: ElementsCard, options: FillElementsOptions = {}): Promise<void> {
  const delay = options.delay ?? 0;
  const selector = (key: keyof typeof FIELDS) => options.frameSelector?.[key] ?? elementsFrameSelector(FIELDS[key]);
  await typeInto(page, selector('number'), card.number, delay);
  await typeInto(page, selector('expiry'), card.expiry, delay);
  if (card.cvc !== undefined) await typeInto(page, selector('cvc'), card.cvc, delay);
}
