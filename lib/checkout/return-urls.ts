// Where the customer's browser goes after the checkout: the merchant's URLs with the outcome appended as
// query parameters (the URL's own query and fragment are kept; a parameter of the same name is replaced).
// Used by the pay/cancel endpoints and by the page, so both always agree. A setup session's success adds no
// amount or transaction (there is none) and never the token: the merchant's server reads it from the session.
import type { PaymentData } from './page-state';

type SessionUrls = { sessionId: string; successUrl: string; errorUrl: string };
type ChargedTarget = Pick<SessionUrls, 'sessionId' | 'successUrl'> & { amount: string; currency: string };

function withQuery(base: string, parameters: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}

/** successUrl + `sessionId`, `transactionId`, `amount`, `currency`, `status=success`. */
export function successRedirectUrl(view: ChargedTarget, transactionId: string): string {
  return withQuery(view.successUrl, { sessionId: view.sessionId, transactionId, amount: view.amount, currency: view.currency, status: 'success' });
}

/** Setup mode: successUrl + `sessionId` and `status=success`. */
export function savedCardRedirectUrl(view: Pick<SessionUrls, 'sessionId' | 'successUrl'>): string {
  return withQuery(view.successUrl, { sessionId: view.sessionId, status: 'success' });
}

/** The success URL of a completed session, by what it completed with (a charge, or a saved card). */
export function completedRedirectUrl(view: Pick<SessionUrls, 'sessionId' | 'successUrl'>, completed: PaymentData): string {
  return 'token' in completed ? savedCardRedirectUrl(view) : successRedirectUrl({ ...view, ...completed }, completed.transactionId);
}

/** errorUrl + `sessionId` and `error` (e.g. `expired`, `attempts_exhausted`). */
export function errorRedirectUrl(view: Pick<SessionUrls, 'sessionId' | 'errorUrl'>, code: string): string {
  return withQuery(view.errorUrl, { sessionId: view.sessionId, error: code });
}
