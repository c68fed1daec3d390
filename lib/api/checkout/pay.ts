// POST /checkout/{sessionId}/pay — the customer pays on the checkout page (same origin; the session id is the credential).
import { MAX_CHECKOUT_ATTEMPTS } from '../../checkout/checkout-rules';
import { presentCheckoutView } from '../../checkout/load-checkout-view';
import { payCheckoutSession } from '../../checkout/pay-checkout-session';
import { errorRedirectUrl, successRedirectUrl } from '../../checkout/return-urls';
import { parseJsonRequest } from '../../http/read-body';
import { customerCheckoutRoute } from './customer-route';

export const POST = customerCheckoutRoute('checkout.pay', async (call) => {
  const paid = await payCheckoutSession(call.runtime, {
    sessionId: call.sessionId,
    // Parsed lazily: a paid, cancelled or expired session answers with its state, whatever the body.
    get body() {
      return parseJsonRequest(call.request, call.body);
    },
    requestId: call.requestId,
    ip: call.ip,
    audit: call.audit,
  });
  const view = presentCheckoutView(paid.session);
  const { result } = paid;
  if (result.outcome === 'approved') {
    return call.json(200, {
      success: true,
      status: 'completed',
      paymentData: { transactionId: result.transactionId, amount: view.amount, currency: view.currency, brand: paid.card.brand, last4: paid.card.last4 },
      redirectUrl: successRedirectUrl(view, result.transactionId),
    });
  }
  const ended = paid.status === 'expired';
  return call.json(result.outcome === 'declined' ? 402 : 502, {
    success: false,
    error: { code: result.code, message: result.message },
    status: paid.status,
    attempts: paid.attempts,
    attempts_remaining: ended ? 0 : MAX_CHECKOUT_ATTEMPTS - paid.attempts,
    ...(ended ? { redirectUrl: errorRedirectUrl(view, paid.attempts >= MAX_CHECKOUT_ATTEMPTS ? 'attempts_exhausted' : 'expired') } : {}),
    request_id: call.requestId,
  });
});
