// Where the customer's browser goes after the checkout: the merchant's URLs with the outcome appended as
// query parameters (the URL's own query and fragment are kept; a parameter of the same name is replaced).
// Used by the pay/cancel endpoints and by the page, so both always agree.

type ReturnTarget = { sessionId: string; successUrl: string; errorUrl: string; amount: string; currency: string };

function withQuery(base: string, parameters: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}

/** successUrl + `sessionId`, `transactionId`, `amount`, `currency`, `status=success`. */
export function successRedirectUrl(view: ReturnTarget, transactionId: string): string {
  return withQuery(view.successUrl, { sessionId: view.sessionId, transactionId, amount: view.amount, currency: view.currency, status: 'success' });
}

/** errorUrl + `sessionId` and `error` (e.g. `expired`, `attempts_exhausted`). */
export function errorRedirectUrl(view: ReturnTarget, code: string): string {
  return withQuery(view.errorUrl, { sessionId: view.sessionId, error: code });
}
