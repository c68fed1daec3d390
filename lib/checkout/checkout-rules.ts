// The fixed rules of a checkout session's life, shared by the endpoints, the page's view and the docs.

/** Payment attempts a session allows; when the last one is declined or fails too, the session ends as `expired`. */
export const MAX_CHECKOUT_ATTEMPTS = 5;

/** Longest `expiresInSeconds` (24 h) and the default (30 min); the shortest is CHECKOUT_MIN_EXPIRY_SECONDS. */
export const MAX_EXPIRY_SECONDS = 86_400;
export const DEFAULT_EXPIRY_SECONDS = 1_800;

export type CheckoutStatus = 'open' | 'completed' | 'cancelled' | 'expired';
export type EmbedMode = 'redirect' | 'popup' | 'iframe' | 'new_tab';
/** `payment` charges the card; `setup` only tokenizes it (no amount, no currency, no processor call). */
export type CheckoutMode = 'payment' | 'setup';
export const CHECKOUT_MODES = ['payment', 'setup'] as const satisfies readonly CheckoutMode[];
