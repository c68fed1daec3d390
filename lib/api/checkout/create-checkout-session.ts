// POST /api/sessions/create — a checkout session for the merchant of X-SERVICE-API-KEY (merchant server side).
import { DEFAULT_EXPIRY_SECONDS, MAX_EXPIRY_SECONDS } from '../../checkout/checkout-rules';
import { createCheckoutSession } from '../../checkout/create-checkout-session';
import { checkoutSessionSchema, ZCreateCheckoutSessionRequestSchema, ZCreatedCheckoutSession } from '../../checkout/schemas';
import { presentCreatedSession } from '../../checkout/present-created-session';
import { defineRoute } from '../../http/define-route';
import { VaultError } from '../../core/errors';
import { parseJsonRequest } from '../../http/read-body';
import { json, ok } from '../../core/openapi-shapes';
import { merchantKeysAuth } from '../auth/merchant-session-route';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/sessions/create',
  operationId: 'createCheckoutSession',
  tags: ['Hosted checkout'],
  summary: 'Create a checkout session',
  description: [
    'Server to server, with the vault key (`X-API-KEY`, tokenization permission; production keys need no X-Pub-Key here) and the merchant\'s service key (`X-SERVICE-API-KEY`) of the same project; `merchantId` must name that merchant. No `Idempotency-Key`: a retried create makes another session, and an unpaid session simply expires.',
    `Rules: \`amount\` is a decimal string > 0 with at most the currency's ISO 4217 minor digits (EUR 2, JPY 0, KWD 3, CLF 4; HUF and IDR 2), at most 15 integer digits and below 2^63 minor units (CLF and UYW stop at 922337203685477.5807); it is normalised ("10.5" EUR → "10.50"). \`currency\` is any active ISO 4217 code (List One) with a numeric minor unit, funds codes such as CLF and UYW included, in any case; XTS, XXX and the units whose minor unit is N.A. (XAU, XAG, XPD, XPT, XBA–XBD, XDR, XSU, XUA) are refused. Return URLs are absolute https URLs without credentials (plain http only for localhost and 127.0.0.1), at most 2048 characters. \`expiresInSeconds\` is a whole number from CHECKOUT_MIN_EXPIRY_SECONDS (default 60) to ${MAX_EXPIRY_SECONDS}, default ${DEFAULT_EXPIRY_SECONDS}.`,
    '`parentOrigin` is required for popup, iframe and new_tab and must be an exact origin as a browser reports it: `https://host[:port]` (plain http only for localhost and 127.0.0.1), lower-case host, no default port, no path (not even "/"), query, wildcard, space, `;` or `,`. It becomes the page\'s `frame-ancestors` (iframe) and the exact `targetOrigin` of its messages. In redirect mode it is validated but not kept: a redirect page is never framed and never posts messages.',
    '`mode` is `payment` (default) or `setup`. A setup session saves the customer\'s card as a token and charges nothing: `amount` and `currency` are not sent (either one is a 400 naming it: `amount must not be sent when mode is setup`), the page\'s button says "Save card", its Pay tokenizes the card without keeping the CVV and calls no processor, and once `completed` the session read (`GET /api/sessions/{id}`), the `PAYMENT_SUCCESS` message and the `checkout.session.completed` event carry `token`, `brand` and `last4` (never card data). The customer then goes to successUrl + `sessionId` + `status=success`, in every embed mode.',
    'Unknown fields are refused (400). Every validation error names its field. The session id (`cs_` + 24 base62 characters, ~143 bits) is the customer\'s only credential on the page.',
  ].join('\n\n'),
  auth: merchantKeysAuth({ action: 'checkout.session.create' }),
  request: { body: json(ZCreateCheckoutSessionRequestSchema) },
  responses: { 201: ok('Created.', ZCreatedCheckoutSession) },
  handler: async (call) => {
    // Not call.input.body(): the shortest expiry is the runtime's CHECKOUT_MIN_EXPIRY_SECONDS (documented with the default, 60).
    const input = checkoutSessionSchema(call.runtime.config.CHECKOUT_MIN_EXPIRY_SECONDS).parse(parseJsonRequest(call.request, call.body));
    if (input.merchantId !== call.merchant.id) throw new VaultError('merchant_mismatch', 'merchantId does not name the merchant of the service API key');
    const session = await createCheckoutSession(call.runtime, { project: call.principal.project, applicationId: call.principal.application.id, merchant: call.merchant, input });
    call.audit.resource = `checkout_session:${session.id}`;
    return call.json(201, presentCreatedSession(session, call.runtime.config.CHECKOUT_URL));
  },
});
