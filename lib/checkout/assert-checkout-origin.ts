// The customer's pay/cancel calls come from the checkout page itself (same origin). A browser call from any
// other origin is refused: an `Origin` header that is not the checkout's (CHECKOUT_URL), or
// `Sec-Fetch-Site: cross-site`. Calls without either header (no browser) carry no ambient credential to
// abuse: the session id in the path is the only credential.
import { VaultError } from '../core/errors';

export function assertCheckoutOrigin(request: Request, checkoutUrl: string): void {
  const origin = request.headers.get('origin');
  if (request.headers.get('sec-fetch-site') === 'cross-site' || (origin !== null && origin !== new URL(checkoutUrl).origin)) {
    throw new VaultError('forbidden_origin', 'Cross-origin requests are not allowed');
  }
}
