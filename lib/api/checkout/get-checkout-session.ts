// GET /api/sessions/{id} — a session's status for its merchant's server: confirm a payment (or read a setup session's token) without trusting the browser.
import { z } from 'zod';
import { getCheckoutSession } from '../../checkout/get-checkout-session';
import { presentCheckoutSessionStatus } from '../../checkout/present-session-status';
import { ZCheckoutSessionStatus } from '../../checkout/schemas';
import { defineRoute } from '../../http/define-route';
import { VaultError, messages } from '../../core/errors';
import { dataResponse, error, ok } from '../../core/openapi-shapes';
import { sessionIdField } from './docs';
import { merchantKeysAuth } from '../auth/merchant-session-route';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/sessions/{id}',
  operationId: 'getCheckoutSession',
  tags: ['Hosted checkout'],
  summary: 'Read a checkout session\'s status',
  description:
    'Server to server with the same two keys: confirm a payment without trusting the browser. A session of another merchant or project is 404 like an unknown one. An open session past its expiresAt is reported (and stored) as expired.\n\nA completed session carries the card\'s `brand` and `last4`, and its `transactionId` (payment mode) or its `token` (setup mode: the card saved as a token, to use through the proxy like any token of the project). A setup session has no `amount` or `currency`. Never card data.',
  auth: merchantKeysAuth({ action: 'checkout.session.get' }),
  request: { params: z.object({ id: sessionIdField }) },
  responses: {
    200: ok('The session.', dataResponse('CheckoutSessionStatusResponse', ZCheckoutSessionStatus)),
    404: error('`Checkout session not found`.'),
  },
  handler: async (call) => {
    const session = await getCheckoutSession(call.runtime, call.params.id ?? '');
    // Another project's or another merchant's session is the same 404 as an unknown one.
    if (!session || session.projectId !== call.principal.project.id || session.merchantId !== call.merchant.id) {
      throw new VaultError('not_found', messages.checkoutNotFound);
    }
    call.audit.resource = `checkout_session:${session.id}`;
    return call.json(200, { success: true, data: presentCheckoutSessionStatus(session) });
  },
});
