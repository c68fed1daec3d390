// Browser messages from the checkout page to the page that embeds it (the spec's Events), and the page's
// navigation. Messages go to window.parent (iframe) or window.opener (popup, new tab) with targetOrigin
// exactly the session's parentOrigin — never "*", and never in redirect mode (there is no embedding page).
import type { CheckoutView } from '../../lib/checkout/load-checkout-view';
import type { CheckoutErrorInfo, CheckoutMessage } from '../../lib/checkout/page-state';
import { messages } from '../../lib/core/errors';

export type Embedding = Pick<CheckoutView, 'embedMode' | 'parentOrigin'>;

export const EXPIRED_ERROR: CheckoutErrorInfo = { code: 'session_expired', message: messages.sessionExpired };
export const EXHAUSTED_ERROR: CheckoutErrorInfo = { code: 'attempts_exhausted', message: messages.attemptsExhausted };

/** The window to report to, or null when there is none (redirect mode, or opened without an opener/parent). */
function embedder(embedding: Embedding): Window | null {
  if (embedding.embedMode === 'redirect' || !embedding.parentOrigin) return null;
  if (embedding.embedMode === 'iframe') return window.parent !== window ? window.parent : null;
  return (window.opener as Window | null) ?? null;
}

export function postToEmbedder(embedding: Embedding, message: CheckoutMessage): void {
  const target = embedder(embedding);
  if (!target || !embedding.parentOrigin) return;
  try {
    // The browser drops the message unless the target's origin is exactly parentOrigin.
    target.postMessage(message, embedding.parentOrigin);
  } catch {
    // A closed or cross-origin-isolated opener: nothing to report to.
  }
}

/** Leaves the checkout (the whole tab, the popup, or — in iframe mode — the iframe's own document). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
