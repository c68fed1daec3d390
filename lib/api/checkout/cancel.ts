// POST /checkout/{sessionId}/cancel — the customer cancels on the checkout page (same origin); idempotent.
import { cancelCheckoutSession } from '../../checkout/cancel-checkout-session';
import { customerCheckoutRoute } from './customer-route';

export const POST = customerCheckoutRoute('checkout.cancel', async (call) => {
  const session = await cancelCheckoutSession(call.runtime, { sessionId: call.sessionId, audit: call.audit });
  return call.json(200, { success: true, status: 'cancelled', redirectUrl: session.cancelUrl });
});
