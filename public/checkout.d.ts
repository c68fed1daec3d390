// Types for the Vault Checkout SDK ({checkout_url}/checkout.js). Copy this file into your project (or
// reference it with /// <reference path="checkout.d.ts" />); the script defines `window.VaultCheckout`.

export type VaultCheckoutMode = 'redirect' | 'popup' | 'iframe' | 'new_tab';

export interface VaultCheckoutError {
  /** e.g. `card_declined`, `insufficient_funds`, `processor_error`, `rate_limited` (too many Pay requests: wait, then retry), `attempts_exhausted`, `session_expired`. */
  code: string;
  message: string;
}

/** A payment session's PAYMENT_SUCCESS: the charge. */
export interface VaultPaymentData {
  transactionId: string;
  /** Decimal string as created, e.g. "10.50". */
  amount: string;
  /** ISO 4217, upper case. */
  currency: string;
  brand: string | null;
  last4: string;
}

/** A setup session's PAYMENT_SUCCESS (created with `mode: "setup"`): the card saved as a token; nothing was charged. */
export interface VaultSavedCardData {
  /** The token (`tok_…`) of the saved card; your server also reads it from GET /api/sessions/{id}. */
  token: string;
  brand: string | null;
  last4: string;
}

export type VaultCheckoutMessage =
  | { type: 'CHECKOUT_READY'; sessionId: string }
  | { type: 'PAYMENT_SUCCESS'; sessionId: string; paymentData: VaultPaymentData | VaultSavedCardData }
  | { type: 'PAYMENT_ERROR'; sessionId: string; error: VaultCheckoutError }
  | { type: 'CHECKOUT_CANCELLED'; sessionId: string; reason: 'user_cancelled' }
  | { type: 'CHECKOUT_ERROR'; sessionId: string; error: VaultCheckoutError }
  | { type: 'CHECKOUT_EXPIRED'; sessionId: string; error: VaultCheckoutError };

export type VaultCheckoutMessageOf<T extends VaultCheckoutMessage['type']> = Extract<VaultCheckoutMessage, { type: T }>;

export interface VaultCheckoutOptions {
  /** The session id from POST /api/sessions/create (`cs_…`). */
  sessionId: string;
  /** The session's `url`; default: `/checkout/{sessionId}` on the origin checkout.js was loaded from. */
  url?: string;
  /** Default `redirect`. popup, iframe and new_tab sessions must be created with that embedMode and your parentOrigin. */
  mode?: VaultCheckoutMode;
  /** iframe mode: the element (or a selector for it) the iframe is appended to. */
  container?: Element | string;
  /**
   * iframe mode: the iframe's height, a number of pixels or a CSS length (`"720px"`, `"80vh"`); default 640 px,
   * which holds the whole form with a decline message. Set as the iframe's min-height: your CSS may make it taller.
   */
  height?: number | string;
  onReady?: (message: VaultCheckoutMessageOf<'CHECKOUT_READY'>) => void;
  onSuccess?: (message: VaultCheckoutMessageOf<'PAYMENT_SUCCESS'>) => void;
  /** PAYMENT_ERROR (an attempt failed; retry while attempts remain) and CHECKOUT_ERROR (the session cannot be paid any more). */
  onError?: (message: VaultCheckoutMessageOf<'PAYMENT_ERROR'> | VaultCheckoutMessageOf<'CHECKOUT_ERROR'>) => void;
  onCancel?: (message: VaultCheckoutMessageOf<'CHECKOUT_CANCELLED'>) => void;
  onExpired?: (message: VaultCheckoutMessageOf<'CHECKOUT_EXPIRED'>) => void;
}

export interface VaultCheckoutHandle {
  /** Stops listening, removes the iframe, closes the popup or tab. Safe to call more than once. */
  close(): void;
}

export interface VaultCheckoutStatic {
  /** Throws an Error (with `code` "invalid_options" or "popup_blocked") when it cannot open the checkout. */
  open(options: VaultCheckoutOptions): VaultCheckoutHandle;
  readonly version: string;
}

declare global {
  interface Window {
    VaultCheckout: VaultCheckoutStatic;
  }
  // eslint-disable-next-line no-var
  var VaultCheckout: VaultCheckoutStatic;
}
