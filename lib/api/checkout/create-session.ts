// POST /api/sessions/create — a checkout session for the merchant of X-SERVICE-API-KEY (merchant server side).
import { createCheckoutSession } from '../../checkout/create-checkout-session';
import { checkoutSessionSchema } from '../../checkout/schemas';
import { VaultError } from '../../http/errors';
import { parseJsonRequest } from '../../http/read-body';
import { merchantSessionRoute } from './merchant-session-route';

export const POST = merchantSessionRoute({ action: 'checkout.session.create' }, async (call) => {
  const input = checkoutSessionSchema(call.runtime.config.CHECKOUT_MIN_EXPIRY_SECONDS).parse(parseJsonRequest(call.request, call.body));
  if (input.merchantId !== call.merchant.id) throw new VaultError('merchant_mismatch', 'merchantId does not name the merchant of the service API key');
  const session = await createCheckoutSession(call.runtime, { project: call.principal.project, applicationId: call.principal.application.id, merchant: call.merchant, input });
  call.audit.resource = `checkout_session:${session.id}`;
  return call.json(201, {
    success: true,
    sessionId: session.id,
    url: `${call.runtime.config.CHECKOUT_URL}/checkout/${session.id}`,
    embedMode: session.embedMode,
    expiresAt: session.expiresAt.toISOString(),
  });
});
