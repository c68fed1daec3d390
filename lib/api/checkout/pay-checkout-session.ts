// POST /checkout/{sessionId}/pay — the customer pays on the checkout page (same origin; the session id is the credential).
import { z } from 'zod';
import { MAX_CHECKOUT_ATTEMPTS } from '../../checkout/checkout-rules';
import { presentCheckoutView } from '../../checkout/load-checkout-view';
import { payCheckoutSession } from '../../checkout/pay-checkout-session';
import { errorRedirectUrl, savedCardRedirectUrl, successRedirectUrl } from '../../checkout/return-urls';
import { ZCheckoutCardSaved, ZCheckoutPaid, ZCheckoutPaymentFailed, ZPayCheckoutRequestSchema } from '../../checkout/schemas';
import { defineRoute } from '../../http/define-route';
import { parseJsonRequest } from '../../http/read-body';
import { error, json, ok } from '../../core/openapi-shapes';
import { retryAfter } from '../auth-endpoints/docs';
import { customerStateErrors, SAME_ORIGIN, sessionIdField } from './docs';
import { checkoutCustomerAuth } from '../auth/customer-route';

export const POST = defineRoute({
  method: 'POST',
  path: '/checkout/{sessionId}/pay',
  operationId: 'payCheckoutSession',
  server: 'checkout',
  tags: ['Hosted checkout'],
  summary: 'Pay a checkout session (from the checkout page)',
  description: [
    SAME_ORIGIN,
    'The session\'s state is checked before the card (a paid, cancelled or expired session answers 409/410 whatever the body). The card is then validated (400 with `fields`, never echoing a value; a card past its expiry month is refused; a 400 uses no attempt), tokenized with its CVV in the session\'s project (a token and a single-use CVC session, audited as `checkout.tokenize`) and charged through the merchant\'s processor.',
    'No card data reaches the processor before the charge\'s audit row (`checkout.charge`, resource `checkout_session:<id>`) is committed. When that row cannot be written the answer is 503 `service_unavailable`: nothing is sent, no attempt is used, and the session can be paid again.',
    `Exactly one payment runs per session at a time: a Pay (or Cancel) while another is being charged gets 409 \`payment_in_progress\`, so double clicks never charge twice, and a completed session is never charged again. A decline (402 \`card_declined\` / \`insufficient_funds\`) or processor failure (502 \`processor_error\`) is one attempt; the customer may retry until success, expiry, or ${MAX_CHECKOUT_ATTEMPTS} failed attempts — the ${MAX_CHECKOUT_ATTEMPTS}th ends the session as \`expired\` (\`attempts\` stays ${MAX_CHECKOUT_ATTEMPTS}) and its answer carries \`redirectUrl\` = errorUrl + \`sessionId\` + \`error=attempts_exhausted\`. Each attempt is stored (outcome, code, transaction id, brand, last 4), never the card number or CVV.`,
    '`cardholderName` is stored with the token as first name (all but the last word) and last name (the last word).',
    `Card testing: every Pay counts, whatever its answer, against two limits per minute: per client IP across sessions (\`CHECKOUT_PAY_LIMIT_PER_MINUTE\`, default 10) and per session (${2 * MAX_CHECKOUT_ATTEMPTS}, or the per-IP limit when higher). Beyond either: 429 \`rate_limited\` with \`Retry-After\`; the checkout page shows its message and posts it to the embedding page as \`PAYMENT_ERROR\`.`,
    'Setup mode (a session created with `mode: "setup"`): the same limits, state checks and card validation, and the card is tokenized the same way (audited as `checkout.tokenize`), but without keeping the CVV and without calling any processor (no `checkout.charge` row). The session is completed with the token: the answer is 200 `CheckoutCardSaved` with `paymentData` `{ token, brand, last4 }` and `redirectUrl` = successUrl + `sessionId` + `status=success`; `checkout.session.completed` carries the same token, brand and last 4.',
    'If the processor answered but the vault could not record the attempt (a database failure; the customer gets a 5xx), the session\'s charge stays claimed and the answer is kept: the next Pay (or any read of the session) records it instead of charging again. An approval then answers this Pay with 200 and the first charge\'s `transactionId`; a decline counts as an attempt and this Pay charges as usual.',
  ].join('\n\n'),
  auth: checkoutCustomerAuth('checkout.pay'),
  request: { params: z.object({ sessionId: sessionIdField }), body: json(ZPayCheckoutRequestSchema) },
  responses: {
    200: ok('Paid (`CheckoutPaid`), or in setup mode the card saved (`CheckoutCardSaved`).', z.union([ZCheckoutPaid, ZCheckoutCardSaved])),
    402: ok('Declined: `card_declined` (`Your card was declined`, or the PSP\'s decline message) or `insufficient_funds` (`Insufficient funds`).', ZCheckoutPaymentFailed),
    502: ok('`processor_error` (`The payment processor could not complete the payment`).', ZCheckoutPaymentFailed),
    ...customerStateErrors,
    429: {
      ...error('`rate_limited` (`Too many payment requests in a short time. Please wait N seconds and try again.`): over the per-IP or per-session limit; nothing was charged or counted as an attempt.'),
      headers: retryAfter,
    },
  },
  handler: async (call) => {
    const paid = await payCheckoutSession(call.runtime, {
      sessionId: call.sessionId,
      // Parsed lazily (so not call.input.body()): a paid, cancelled or expired session answers with its
      // state, whatever the body; payCheckoutSession validates it with ZPayCheckoutRequestSchema.
      get body() {
        return parseJsonRequest(call.request, call.body);
      },
      requestId: call.requestId,
      ip: call.ip,
      audit: call.audit,
    });
    if (paid.kind === 'saved') {
      const paymentData = { token: paid.token, ...paid.card };
      return call.json(200, { success: true, status: 'completed', paymentData, redirectUrl: savedCardRedirectUrl(presentCheckoutView(paid.session)) });
    }
    const view = presentCheckoutView(paid.session);
    const { result, session } = paid;
    if (result.outcome === 'approved') {
      return call.json(200, {
        success: true,
        status: 'completed',
        paymentData: { transactionId: result.transactionId, amount: session.amount, currency: session.currency, brand: paid.card.brand, last4: paid.card.last4 },
        redirectUrl: successRedirectUrl({ ...view, amount: session.amount, currency: session.currency }, result.transactionId),
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
  },
});
