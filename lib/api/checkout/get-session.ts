// GET /api/sessions/{id} — a session's status for its merchant's server: confirm a payment without trusting the browser.
import { getCheckoutSession } from '../../checkout/get-checkout-session';
import { VaultError, messages } from '../../http/errors';
import { merchantSessionRoute } from './merchant-session-route';

export const GET = merchantSessionRoute({ action: 'checkout.session.get' }, async (call) => {
  const session = await getCheckoutSession(call.runtime, call.params.id ?? '');
  // Another project's or another merchant's session is the same 404 as an unknown one.
  if (!session || session.projectId !== call.principal.project.id || session.merchantId !== call.merchant.id) {
    throw new VaultError('not_found', messages.checkoutNotFound);
  }
  call.audit.resource = `checkout_session:${session.id}`;
  return call.json(200, {
    success: true,
    data: {
      sessionId: session.id,
      status: session.status,
      amount: session.amount,
      currency: session.currency,
      embedMode: session.embedMode,
      attempts: session.attempts,
      expiresAt: session.expiresAt.toISOString(),
      ...(session.transactionId ? { transactionId: session.transactionId } : {}),
    },
  });
});
