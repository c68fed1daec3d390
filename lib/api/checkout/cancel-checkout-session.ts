// POST /checkout/{sessionId}/cancel — the customer cancels on the checkout page (same origin); idempotent.
import { z } from 'zod';
import { cancelCheckoutSession } from '../../checkout/cancel-checkout-session';
import { ZCheckoutCancelled } from '../../checkout/schemas';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../core/openapi-shapes';
import { customerStateErrors, SAME_ORIGIN, sessionIdField } from './docs';
import { checkoutCustomerAuth } from '../auth/customer-route';

export const POST = defineRoute({
  method: 'POST',
  path: '/checkout/{sessionId}/cancel',
  operationId: 'cancelCheckoutSession',
  server: 'checkout',
  tags: ['Hosted checkout'],
  summary: 'Cancel a checkout session (from the checkout page)',
  description: `${SAME_ORIGIN} An open session becomes \`cancelled\` for good; cancelling it again answers the same (idempotent). A paid session is 409 \`session_completed\`, one out of attempts 409 \`attempts_exhausted\`, one being charged 409 \`payment_in_progress\`, an expired one 410. No body.`,
  auth: checkoutCustomerAuth('checkout.cancel'),
  request: { params: z.object({ sessionId: sessionIdField }) },
  responses: { 200: ok('Cancelled.', ZCheckoutCancelled), ...customerStateErrors },
  handler: async (call) => {
    const session = await cancelCheckoutSession(call.runtime, { sessionId: call.sessionId, audit: call.audit });
    return call.json(200, { success: true, status: 'cancelled', redirectUrl: session.cancelUrl });
  },
});
