// Documentation shared by the checkout routes' definitions: the session id parameter, and the customer
// calls' origin rule and state errors (the key errors are the auth kinds': merchantKeysAuth, checkoutCustomerAuth).
import { z } from 'zod';
import { ZCheckoutStateError } from '../../checkout/schemas';
import { error, json } from '../../core/openapi-shapes';

/** The session id path parameter: `{id}` on the merchant server's routes, `{sessionId}` on the page's calls. */
export const sessionIdField = z.string().meta({ description: 'Checkout session id: `cs_` + 24 base62 characters.', example: 'cs_4kT9fQ2xVbN8mWcR5yZ1aH7d' });

/** Errors of the customer's calls about the session's state (the origin check and the store: checkoutCustomerAuth). */
export const customerStateErrors = {
  404: error('`not_found` (`Checkout session not found`): unknown id.'),
  409: {
    description:
      '`session_completed` (`This checkout session has already been paid`), `session_cancelled` (`This checkout session was cancelled`), `attempts_exhausted` (`Too many payment attempts`, with `redirectUrl`), `payment_in_progress` (`A payment for this session is already in progress`).',
    ...json(ZCheckoutStateError),
  },
  410: { description: '`session_expired` (`This checkout session has expired`), with `redirectUrl` = errorUrl + `sessionId` + `error=expired`.', ...json(ZCheckoutStateError) },
};

export const SAME_ORIGIN =
  'Called by the checkout page itself: no keys, the unguessable session id is the credential. Browser calls from any other origin are refused (403): an `Origin` other than the origin of CHECKOUT_URL, or `Sec-Fetch-Site: cross-site`. Calls without these headers (not a browser) carry no ambient credential and are accepted. One audit row per call (action `checkout.pay` / `checkout.cancel`, the session\'s project and creating application, the token a payment made), never card data.';
