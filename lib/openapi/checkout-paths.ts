// Hosted checkout paths: merchants (management), checkout sessions (merchant server: vault key + service
// key) and the customer's pay/cancel calls from the checkout page. The page itself (GET /checkout/{id})
// is HTML and documented in the README.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ZListApplicationsQuerySchema, ZRotateApplicationKeyRequestSchema } from '../applications/schemas';
import { DEFAULT_EXPIRY_SECONDS, MAX_CHECKOUT_ATTEMPTS, MAX_EXPIRY_SECONDS } from '../checkout/checkout-rules';
import { ZProcessorConfigSchema } from '../checkout/processors/schemas';
import { ZCreateCheckoutSessionRequestSchema, ZPayCheckoutRequestSchema } from '../checkout/schemas';
import { ZCreateMerchantRequestSchema, ZUpdateMerchantRequestSchema } from '../merchants/schemas';
import { dataResponse } from './management-responses';
import { ZErrorResponseSchema, ZMessageResponseSchema } from './responses';
import { ANY_ROLE, MANAGERS_ONLY, OTHER_ACCOUNT_404, bodyErrors, error, json, managerErrors, sessionErrors, sessionSecurity } from './shared';

const ok = (description: string, schema: z.ZodType) => ({ description, ...json(schema) });
const idParam = z.object({ id: z.string().meta({ description: 'Merchant id (UUID).' }) });
const sessionIdParam = (name: 'id' | 'sessionId') => z.object({ [name]: z.string().meta({ description: 'Checkout session id: `cs_` + 24 base62 characters.', example: 'cs_4kT9fQ2xVbN8mWcR5yZ1aH7d' }) });

const ZMerchantView = z
  .object({
    id: z.string(),
    name: z.string(),
    project_id: z.string(),
    processor: ZProcessorConfigSchema.meta({ description: 'The processor, every header value shown as "********".' }),
    key_prefix: z.string().meta({ description: 'The first characters of the service key (`msk_test_…`); never the key.' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Merchant' });
const ZCreatedMerchant = z
  .object({
    id: z.string(),
    name: z.string(),
    project_id: z.string(),
    processor: ZProcessorConfigSchema.meta({ description: 'As saved, every header value shown as "********".' }),
    service_api_key: z.string().meta({ description: 'The X-SERVICE-API-KEY, `msk_test_…` or `msk_live_…` by the project: shown this once, stored as a SHA-256 hash.' }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'CreatedMerchant' });
const ZRotatedServiceKey = z
  .object({
    id: z.string(),
    service_api_key: z.string().meta({ description: 'The new service key, shown this once.' }),
    key_prefix: z.string(),
    previous_key_expires_at: z.iso.datetime().nullable().meta({ description: 'When the old key stops working; null when it stopped at once.' }),
  })
  .meta({ id: 'RotatedServiceKey' });

const status = z.enum(['open', 'completed', 'cancelled', 'expired']);
const embedMode = z.enum(['redirect', 'popup', 'iframe', 'new_tab']);
const ZCreatedSession = z
  .object({
    success: z.literal(true),
    sessionId: z.string().meta({ example: 'cs_4kT9fQ2xVbN8mWcR5yZ1aH7d' }),
    url: z.string().meta({ description: '`${CHECKOUT_URL}/checkout/${sessionId}`: open it by redirect, popup, new tab or iframe.', example: 'https://vault.example.com/checkout/cs_4kT9fQ2xVbN8mWcR5yZ1aH7d' }),
    embedMode,
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedCheckoutSession' });
const ZSessionStatus = z
  .object({
    sessionId: z.string(),
    status: status.meta({ description: '`open` until paid (`completed`), cancelled by the customer (`cancelled`, final) or `expired` (past expiresAt, or after the 5th failed attempt).' }),
    amount: z.string().meta({ example: '10.50' }),
    currency: z.string().meta({ example: 'EUR' }),
    embedMode,
    attempts: z.number().int().meta({ description: `Payment attempts so far, the successful one included (at most ${MAX_CHECKOUT_ATTEMPTS}: a session whose ${MAX_CHECKOUT_ATTEMPTS}th attempt fails is \`expired\`).` }),
    expiresAt: z.iso.datetime(),
    transactionId: z.string().optional().meta({ description: 'The processor\'s transaction id, once completed.' }),
  })
  .meta({ id: 'CheckoutSessionStatus' });
const ZPaid = z
  .object({
    success: z.literal(true),
    status: z.literal('completed'),
    paymentData: z.object({ transactionId: z.string(), amount: z.string(), currency: z.string(), brand: z.string().nullable(), last4: z.string() }),
    redirectUrl: z.string().meta({ description: 'successUrl with `sessionId`, `transactionId`, `amount`, `currency` and `status=success` added to its query (its own query and fragment kept).' }),
  })
  .meta({ id: 'CheckoutPaid' });
const ZPaymentFailed = ZErrorResponseSchema.extend({
  status: status.meta({ description: '`open` while attempts remain; `expired` after the last one.' }),
  attempts: z.number().int(),
  attempts_remaining: z.number().int(),
  redirectUrl: z.string().optional().meta({ description: 'When the session has ended: errorUrl with `sessionId` and `error=attempts_exhausted` (or `expired`).' }),
}).meta({ id: 'CheckoutPaymentFailed' });
const ZStateError = ZErrorResponseSchema.extend({
  redirectUrl: z.string().optional().meta({ description: 'For `session_expired` and `attempts_exhausted`: errorUrl with `sessionId` and `error=expired` / `error=attempts_exhausted`.' }),
}).meta({ id: 'CheckoutStateError' });
const ZCancelled = z
  .object({ success: z.literal(true), status: z.literal('cancelled'), redirectUrl: z.string().meta({ description: 'The cancelUrl, unchanged.' }) })
  .meta({ id: 'CheckoutCancelled' });

const serviceKeyHeaders = { security: [{ ApiKey: [], ServiceApiKey: [] }] };
const sessionKeyErrors = {
  401: error('`invalid_api_key` (`Invalid API key`): X-API-KEY missing, unknown or revoked; or `invalid_service_api_key` (`Invalid service API key`): X-SERVICE-API-KEY missing, unknown, or replaced by a rotation whose grace period ended.'),
  403: error('`insufficient_permissions`: the vault key lacks the tokenization permission; or `merchant_mismatch`: the service key\'s merchant is of another project than the vault key, or `merchantId` names another merchant than the service key\'s.'),
  503: error('Database or store unreachable: fails closed.'),
};
const customerStateErrors = {
  404: error('`not_found` (`Checkout session not found`): unknown id.'),
  409: { description: '`session_completed` (`This checkout session has already been paid`), `session_cancelled` (`This checkout session was cancelled`), `attempts_exhausted` (`Too many payment attempts`, with `redirectUrl`), `payment_in_progress` (`A payment for this session is already in progress`).', ...json(ZStateError) },
  410: { description: '`session_expired` (`This checkout session has expired`), with `redirectUrl` = errorUrl + `sessionId` + `error=expired`.', ...json(ZStateError) },
  403: error('`forbidden_origin` (`Cross-origin requests are not allowed`): an `Origin` header other than the checkout\'s own (the origin of CHECKOUT_URL), or `Sec-Fetch-Site: cross-site`.'),
  503: error('Database or store unreachable: fails closed.'),
};
const SAME_ORIGIN =
  'Called by the checkout page itself: no keys, the unguessable session id is the credential. Browser calls from any other origin are refused (403): an `Origin` other than the origin of CHECKOUT_URL, or `Sec-Fetch-Site: cross-site`. Calls without these headers (not a browser) carry no ambient credential and are accepted. One audit row per call (action `checkout.pay` / `checkout.cancel`, the session\'s project and creating application, the token a payment made), never card data.';

export function registerCheckoutPaths(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'ServiceApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-SERVICE-API-KEY',
    description: 'A merchant\'s service key (`msk_test_…` / `msk_live_…`), sent together with the vault API key (X-API-KEY) when creating or reading checkout sessions.',
  });

  // Merchants
  const notFound = { 404: error(`\`Merchant not found\`. ${OTHER_ACCOUNT_404}`) };
  const processorRules =
    'The processor is `{type:"sandbox"}` (test projects only: a production project answers 400 naming `processor.type`) or `{type:"http", …}`, a PSP request template charged through the same pipeline as POST /proxy/transaction. Its configuration is sealed at rest (AES-256-GCM under the project\'s data key); every response shows header values as "********".';
  registry.registerPath({
    method: 'get',
    path: '/api/merchants',
    tags: ['Merchants'],
    summary: 'List the account\'s merchants',
    description: `${ANY_ROLE} Optionally only those of one project. Service key prefixes only; processor header values masked.`,
    ...sessionSecurity,
    request: { query: ZListApplicationsQuerySchema },
    responses: { 200: ok('Merchants, oldest first.', dataResponse('MerchantList', z.array(ZMerchantView))), 400: bodyErrors[400], 404: error('`Project not found`.'), ...sessionErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/merchants',
    tags: ['Merchants'],
    summary: 'Create a merchant and its service API key',
    description: `${MANAGERS_ONLY} Without \`project_id\` the merchant goes to the account's oldest test project; a \`project_id\` of another account is 404. The service key is returned this once and stored as a SHA-256 hash. ${processorRules}`,
    ...sessionSecurity,
    request: { body: json(ZCreateMerchantRequestSchema) },
    responses: { 201: ok('Created; `service_api_key` is shown only now.', dataResponse('CreatedMerchantResponse', ZCreatedMerchant)), 404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`), ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/merchants/{id}',
    tags: ['Merchants'],
    summary: 'Get one merchant',
    description: `${ANY_ROLE} Key prefix only; processor header values masked. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam },
    responses: { 200: ok('The merchant.', dataResponse('MerchantResponse', ZMerchantView)), ...notFound, ...sessionErrors },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/merchants/{id}',
    tags: ['Merchants'],
    summary: 'Rename a merchant or replace its processor',
    description: `${MANAGERS_ONLY} A new \`processor\` replaces the old one whole; a header value sent as "********" (as responses show it) keeps the stored value of the header of that name, so a configuration read back can be edited without re-entering PSP secrets ("********" for a header the merchant does not have is a 400). ${processorRules} ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam, body: json(ZUpdateMerchantRequestSchema) },
    responses: { 200: ok('Updated.', dataResponse('MerchantResponse', ZMerchantView)), ...notFound, ...bodyErrors, ...managerErrors },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/merchants/{id}',
    tags: ['Merchants'],
    summary: 'Delete a merchant',
    description: `${MANAGERS_ONLY} Its service key stops working at once. Its checkout sessions are kept (payment history); the open ones become \`expired\`, since there is no processor left to charge through. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam },
    responses: { 200: ok('`Merchant deleted`.', ZMessageResponseSchema), ...notFound, ...managerErrors },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/merchants/{id}/rotate-key',
    tags: ['Merchants'],
    summary: 'Rotate a merchant\'s service API key',
    description: `${MANAGERS_ONLY} The new key is shown once; the old key keeps working for \`grace_period_seconds\` (default 0, at most one week). The body is optional. ${OTHER_ACCOUNT_404}`,
    ...sessionSecurity,
    request: { params: idParam, body: { ...json(ZRotateApplicationKeyRequestSchema), required: false } },
    responses: { 200: ok('Rotated; `service_api_key` is shown only now.', dataResponse('RotatedServiceKeyResponse', ZRotatedServiceKey)), ...notFound, ...bodyErrors, ...managerErrors },
  });

  // Checkout sessions (merchant server)
  registry.registerPath({
    method: 'post',
    path: '/api/sessions/create',
    tags: ['Hosted checkout'],
    summary: 'Create a checkout session',
    description: [
      'Server to server, with the vault key (`X-API-KEY`, tokenization permission; production keys need no X-Pub-Key here) and the merchant\'s service key (`X-SERVICE-API-KEY`) of the same project; `merchantId` must name that merchant. No `Idempotency-Key`: a retried create makes another session, and an unpaid session simply expires.',
      `Rules: \`amount\` is a decimal string > 0 with at most the currency's ISO 4217 minor digits (EUR 2, JPY 0, KWD 3, CLF 4; HUF and IDR 2), at most 15 integer digits and below 2^63 minor units (CLF and UYW stop at 922337203685477.5807); it is normalised ("10.5" EUR → "10.50"). \`currency\` is any active ISO 4217 code (List One) with a numeric minor unit, funds codes such as CLF and UYW included, in any case; XTS, XXX and the units whose minor unit is N.A. (XAU, XAG, XPD, XPT, XBA–XBD, XDR, XSU, XUA) are refused. Return URLs are absolute https URLs without credentials (plain http only for localhost and 127.0.0.1), at most 2048 characters. \`expiresInSeconds\` is a whole number from CHECKOUT_MIN_EXPIRY_SECONDS (default 60) to ${MAX_EXPIRY_SECONDS}, default ${DEFAULT_EXPIRY_SECONDS}.`,
      '`parentOrigin` is required for popup, iframe and new_tab and must be an exact origin as a browser reports it: `https://host[:port]` (plain http only for localhost and 127.0.0.1), lower-case host, no default port, no path (not even "/"), query, wildcard, space, `;` or `,`. It becomes the page\'s `frame-ancestors` (iframe) and the exact `targetOrigin` of its messages. In redirect mode it is validated but not kept: a redirect page is never framed and never posts messages.',
      'Unknown fields are refused (400). Every validation error names its field. The session id (`cs_` + 24 base62 characters, ~143 bits) is the customer\'s only credential on the page.',
    ].join('\n\n'),
    ...serviceKeyHeaders,
    request: { body: json(ZCreateCheckoutSessionRequestSchema) },
    responses: { 201: ok('Created.', ZCreatedSession), ...bodyErrors, ...sessionKeyErrors },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/sessions/{id}',
    tags: ['Hosted checkout'],
    summary: 'Read a checkout session\'s status',
    description: 'Server to server with the same two keys: confirm a payment without trusting the browser. A session of another merchant or project is 404 like an unknown one. An open session past its expiresAt is reported (and stored) as expired.',
    ...serviceKeyHeaders,
    request: { params: sessionIdParam('id') },
    responses: { 200: ok('The session.', dataResponse('CheckoutSessionStatusResponse', ZSessionStatus)), 404: error('`Checkout session not found`.'), ...sessionKeyErrors },
  });

  // The customer's calls from the checkout page
  registry.registerPath({
    method: 'post',
    path: '/checkout/{sessionId}/pay',
    tags: ['Hosted checkout'],
    summary: 'Pay a checkout session (from the checkout page)',
    description: [
      SAME_ORIGIN,
      'The session\'s state is checked before the card (a paid, cancelled or expired session answers 409/410 whatever the body). The card is then validated (400 with `fields`, never echoing a value; a card past its expiry month is refused; a 400 uses no attempt), tokenized with its CVV in the session\'s project (a token and a single-use CVC session, audited as `checkout.tokenize`) and charged through the merchant\'s processor.',
      `Exactly one payment runs per session at a time: a Pay (or Cancel) while another is being charged gets 409 \`payment_in_progress\`, so double clicks never charge twice, and a completed session is never charged again. A decline (402 \`card_declined\` / \`insufficient_funds\`) or processor failure (502 \`processor_error\`) is one attempt; the customer may retry until success, expiry, or ${MAX_CHECKOUT_ATTEMPTS} failed attempts — the ${MAX_CHECKOUT_ATTEMPTS}th ends the session as \`expired\` (\`attempts\` stays ${MAX_CHECKOUT_ATTEMPTS}) and its answer carries \`redirectUrl\` = errorUrl + \`sessionId\` + \`error=attempts_exhausted\`. Each attempt is stored (outcome, code, transaction id, brand, last 4), never the card number or CVV.`,
      '`cardholderName` is stored with the token as first name (all but the last word) and last name (the last word).',
    ].join('\n\n'),
    security: [],
    request: { params: sessionIdParam('sessionId'), body: json(ZPayCheckoutRequestSchema) },
    responses: {
      200: ok('Paid.', ZPaid),
      400: bodyErrors[400],
      402: { description: 'Declined: `card_declined` (`Your card was declined`, or the PSP\'s decline message) or `insufficient_funds` (`Insufficient funds`).', ...json(ZPaymentFailed) },
      502: { description: '`processor_error` (`The payment processor could not complete the payment`).', ...json(ZPaymentFailed) },
      413: bodyErrors[413],
      415: bodyErrors[415],
      ...customerStateErrors,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/checkout/{sessionId}/cancel',
    tags: ['Hosted checkout'],
    summary: 'Cancel a checkout session (from the checkout page)',
    description: `${SAME_ORIGIN} An open session becomes \`cancelled\` for good; cancelling it again answers the same (idempotent). A paid session is 409 \`session_completed\`, one out of attempts 409 \`attempts_exhausted\`, one being charged 409 \`payment_in_progress\`, an expired one 410. No body.`,
    security: [],
    request: { params: sessionIdParam('sessionId') },
    responses: { 200: ok('Cancelled.', ZCancelled), ...customerStateErrors },
  });
}
