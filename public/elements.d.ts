// Types for Vault Elements ({CHECKOUT_URL}/elements.js, an ES module; {CHECKOUT_URL}/elements.global.js
// defines window.VaultElements). Also `import { VaultElements } from 'vault/elements'`.

export type ElementType = 'cardNumber' | 'cardExpiry' | 'cardCvc';
export type ElementEvent = 'ready' | 'change' | 'focus' | 'blur' | 'escape';

/** Allowed properties only; values are plain CSS values (no url(), expressions, `;`, braces or escapes). */
export interface ElementsStyleDeclarations {
  color?: string;
  fontFamily?: string;
  fontSize?: string;
  fontWeight?: string | number;
  letterSpacing?: string;
  lineHeight?: string;
  padding?: string;
  textTransform?: string;
  backgroundColor?: string;
}

export interface ElementsStyle {
  base?: ElementsStyleDeclarations;
  focus?: ElementsStyleDeclarations;
  invalid?: ElementsStyleDeclarations;
  complete?: ElementsStyleDeclarations;
  '::placeholder'?: ElementsStyleDeclarations;
}

/** A web font for the fields: `src` is an https URL on your page's origin or a `data:font/woff2;base64,…` URI. */
export interface ElementsFont {
  family: string;
  src: string;
  weight?: string | number;
}

export interface ElementsOptions {
  /** The vault's CHECKOUT_URL: the origin that serves the checkout page, elements.js and the field frames. */
  vaultUrl: string;
  /** `id` from POST /collect-sessions (cls_…). */
  sessionId: string;
  /** `client_secret` from POST /collect-sessions. */
  clientSecret: string;
  style?: ElementsStyle;
  fonts?: ElementsFont[];
}

export interface ElementOptions {
  placeholder?: string;
  /** The field's accessible name (default "Card number", "Expiry date (MM / YY)", "Security code"). */
  label?: string;
  style?: ElementsStyle;
}

/** A `change` event: never the value itself. */
export interface ElementChange {
  complete: boolean;
  empty: boolean;
  /** cardNumber only: visa, mastercard, amex, discover, diners, jcb, unionpay, maestro, or null. */
  brand: string | null;
  error?: { code: 'incomplete' | 'invalid'; message: string };
}

export interface VaultElement {
  readonly type: ElementType;
  mount(target: string | Element): this;
  on(event: 'change', handler: (change: ElementChange) => void): this;
  on(event: Exclude<ElementEvent, 'change'>, handler: () => void): this;
  off(event: ElementEvent, handler: (...args: never[]) => void): this;
  update(options: { style?: ElementsStyle }): this;
  clear(): this;
  focus(): this;
  unmount(): void;
}

export interface ElementsResult {
  token: string;
  /** When a CVC was collected: its single-use CVC session (use it server side, e.g. with POST /proxy/transaction). */
  cvc_session_id?: string;
  brand: string | null;
  last4: string;
  exp_month: string;
  exp_year: string;
}

/**
 * What submit() rejects with, and what VaultElements() / create() / mount() / update() throw on bad options.
 * `code`: `invalid_options`, `incomplete`, `invalid` (with `field`), `collect_session_expired`,
 * `invalid_client_secret`, `rate_limited`, `validation_error` (with `field`), `network`, or another API error code.
 */
export declare class VaultElementsError extends Error {
  readonly code: string;
  readonly field?: ElementType | string;
}

export interface Elements {
  create(type: ElementType, options?: ElementOptions): VaultElement;
  getElement(type: ElementType): VaultElement | null;
  /** Tokenizes what the customer typed; resolves with the result, never with card data. */
  submit(): Promise<ElementsResult>;
  /** Removes every field and stops listening. */
  destroy(): void;
}

export declare function VaultElements(options: ElementsOptions): Elements;
export default VaultElements;

declare global {
  interface Window {
    /** Defined by {CHECKOUT_URL}/elements.global.js. */
    VaultElements?: typeof VaultElements;
  }
}
