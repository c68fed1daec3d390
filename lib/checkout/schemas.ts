// Request and response schemas of the checkout endpoints: session creation and status (merchant server),
// pay and cancel (customer page). They also feed the OpenAPI document. Messages name the field and the rule, never the value.
import { z } from 'zod';
import { cursorField, pageLimitField, required } from '../core/query-fields';
import { isCheckoutSessionId } from './session-id';
import { cvcPattern, expirationMonthPattern, expirationYearPattern, luhnValid, stripCardSeparators } from '../cards/card-rules';
import { AMOUNT_PATTERN, currencyMinorDigits, MAX_AMOUNT_MINOR, normaliseAmount, normaliseCurrency } from './amounts';
import { ZErrorResponseSchema } from '../core/openapi-shapes';
import { CHECKOUT_MODES, DEFAULT_EXPIRY_SECONDS, MAX_CHECKOUT_ATTEMPTS, MAX_EXPIRY_SECONDS } from './checkout-rules';
import { isExactOrigin, isReturnUrl } from './url-rules';
import { stringField } from '../vault/schemas';

const URL_MAX_LENGTH = 2048;
const NAME_MAX_LENGTH = 100;
const EMBEDDED_MODES = ['popup', 'iframe', 'new_tab'] as const;

const objectError = (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' ? (issue.input === undefined ? 'Request body is required' : 'Request body must be a JSON object') : undefined;

function returnUrlField(name: string, description: string, example: string) {
  return stringField(name)
    .max(URL_MAX_LENGTH, `${name} must be at most ${URL_MAX_LENGTH} characters`)
    .refine(isReturnUrl, `${name} must be an absolute https URL without user name or password (http only for localhost or 127.0.0.1)`)
    .meta({ description, example });
}

const amountField = stringField('amount')
  .superRefine((amount, ctx) => {
    if (/^-\d/.test(amount)) ctx.addIssue({ code: 'custom', message: 'amount must be greater than 0' });
    else if (!AMOUNT_PATTERN.test(amount)) ctx.addIssue({ code: 'custom', message: 'amount must be a decimal string such as "10.50" (digits, optionally a dot and decimals)' });
    else if (/^[0.]+$/.test(amount)) ctx.addIssue({ code: 'custom', message: 'amount must be greater than 0' });
  })
  .meta({
    description: 'Payment mode (required there): decimal amount as text, > 0, with at most the currency\'s ISO 4217 minor digits (EUR 2, JPY 0, KWD 3, CLF 4; HUF and IDR 2). Normalised to exactly that many decimals. Refused in setup mode.',
    example: '10.50',
  });
const currencyField = stringField('currency')
  .refine((code) => normaliseCurrency(code) !== null, 'currency must be an ISO 4217 currency code such as EUR or USD')
  .meta({ description: 'Payment mode (required there): any active ISO 4217 code (List One) with a numeric minor unit, funds codes such as CLF and UYW included, in any case; XTS, XXX and the units whose minor unit is N.A. (XAU, XAG, XPD, XPT, XBA–XBD, XDR, XSU, XUA) are refused. Stored upper-case. Refused in setup mode.', example: 'EUR' });
/** In setup mode nothing is charged: an amount or currency sent anyway is refused, naming the field. */
const refusedInSetup = (name: string) => z.never({ error: `${name} must not be sent when mode is setup` }).optional();

/** The amount fields each mode parses with, and the documented pair (optional: required in payment mode only). */
const AMOUNT_FIELDS = {
  payment: { amount: amountField, currency: currencyField },
  setup: { amount: refusedInSetup('amount'), currency: refusedInSetup('currency') },
  documented: { amount: amountField.optional(), currency: currencyField.optional() },
};

function sessionFields<Amounts extends (typeof AMOUNT_FIELDS)[keyof typeof AMOUNT_FIELDS]>(minExpirySeconds: number, amounts: Amounts) {
  const expiryMessage = `expiresInSeconds must be a whole number from ${minExpirySeconds} to ${MAX_EXPIRY_SECONDS}`;
  return z
    .strictObject(
      {
        merchantId: stringField('merchantId').meta({ description: 'The merchant (UUID) whose service key is sent in X-SERVICE-API-KEY.', example: '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11' }),
        merchantName: stringField('merchantName')
          .trim()
          .min(1, `merchantName must be 1 to ${NAME_MAX_LENGTH} characters`)
          .max(NAME_MAX_LENGTH, `merchantName must be 1 to ${NAME_MAX_LENGTH} characters`)
          .optional()
          .meta({ description: "Name shown on the page; default the merchant's name.", example: 'Acme Store' }),
        mode: z
          .enum(CHECKOUT_MODES, { error: `mode must be one of ${CHECKOUT_MODES.join(', ')}` })
          .default('payment')
          .meta({
            description: '`payment` (default) charges the card through the merchant\'s processor. `setup` only saves the card: it is tokenized (no CVC kept) and the completed session carries the `token`, `brand` and `last4`; no processor is called, and `amount` and `currency` must not be sent.',
            example: 'payment',
          }),
        ...amounts,
        successUrl: returnUrlField('successUrl', 'Where the customer goes after paying, with `sessionId`, `transactionId`, `amount`, `currency`, `status=success` appended to its query. Setup mode: after saving the card, with `sessionId` and `status=success` only (your server reads the token from the session).', 'https://shop.example/thanks'),
        cancelUrl: returnUrlField('cancelUrl', 'Where the customer goes after cancelling (redirect mode), unchanged.', 'https://shop.example/cart'),
        errorUrl: returnUrlField('errorUrl', 'Where the customer goes after an unrecoverable error or expiry (redirect mode), with `sessionId` and `error` appended.', 'https://shop.example/payment-error'),
        expiresInSeconds: z
          .number({ error: expiryMessage })
          .int(expiryMessage)
          .min(minExpirySeconds, expiryMessage)
          .max(MAX_EXPIRY_SECONDS, expiryMessage)
          .default(DEFAULT_EXPIRY_SECONDS)
          .meta({ description: `Lifetime of the session, ${minExpirySeconds} (CHECKOUT_MIN_EXPIRY_SECONDS) to ${MAX_EXPIRY_SECONDS} seconds; default ${DEFAULT_EXPIRY_SECONDS}.`, example: 1800 }),
        embedMode: z
          .enum(['redirect', ...EMBEDDED_MODES], { error: 'embedMode must be one of redirect, popup, iframe, new_tab' })
          .default('redirect')
          .meta({ description: 'How the merchant opens the page; absent means redirect.', example: 'iframe' }),
        parentOrigin: stringField('parentOrigin')
          .refine(isExactOrigin, 'parentOrigin must be an exact origin such as https://shop.example or https://shop.example:8443 (http only for localhost or 127.0.0.1), without path, wildcard, space or ;')
          .optional()
          .meta({
            description: 'Origin of the embedding page, required for popup, iframe and new_tab: the only origin allowed to frame the page (frame-ancestors) and the exact targetOrigin of its messages. Ignored (not stored) in redirect mode.',
            example: 'https://shop.example',
          }),
      },
      { error: objectError },
    )
    .meta({ description: 'A checkout session: what the customer pays, to whom, where they go afterwards, and how the page is embedded.' });
}

/** parentOrigin is required by the embedded modes (both checkout modes). */
function requireParentOrigin(body: { embedMode: string; parentOrigin?: string }, ctx: z.RefinementCtx) {
  if (body.embedMode !== 'redirect' && body.parentOrigin === undefined) {
    ctx.addIssue({ code: 'custom', path: ['parentOrigin'], message: `parentOrigin is required when embedMode is ${EMBEDDED_MODES.join(', ')}` });
  }
}

const keptParentOrigin = (body: { embedMode: string; parentOrigin?: string }) => (body.embedMode === 'redirect' ? null : (body.parentOrigin ?? null));

function buildPaymentSchema(minExpirySeconds: number) {
  return sessionFields(minExpirySeconds, AMOUNT_FIELDS.payment)
    .superRefine((body, ctx) => {
      requireParentOrigin(body, ctx);
      // Only once amount and currency are each valid (their own rules name them otherwise).
      const currency = typeof body.currency === 'string' ? normaliseCurrency(body.currency) : null;
      if (currency && typeof body.amount === 'string' && AMOUNT_PATTERN.test(body.amount)) {
        const digits = currencyMinorDigits(currency);
        const normalised = normaliseAmount(body.amount, currency);
        if (normalised === null) {
          ctx.addIssue({ code: 'custom', path: ['amount'], message: digits === 0 ? `amount must be a whole number for ${currency}` : `amount must have at most ${digits} decimals for ${currency}` });
        } else if (normalised.amountMinor > MAX_AMOUNT_MINOR) {
          // Said as a power of two: a long digit run in a message is masked as a possible card number.
          ctx.addIssue({ code: 'custom', path: ['amount'], message: `amount must be below 2^63 minor units (${currency} has ${digits} decimals)` });
        }
      }
    })
    .transform((body) => {
      const currency = normaliseCurrency(body.currency)!;
      const { amount, amountMinor } = normaliseAmount(body.amount, currency)!;
      return { ...body, mode: 'payment' as const, currency, amount, amountMinor, parentOrigin: keptParentOrigin(body) };
    });
}

function buildSetupSchema(minExpirySeconds: number) {
  return sessionFields(minExpirySeconds, AMOUNT_FIELDS.setup)
    .superRefine(requireParentOrigin)
    .transform((body) => ({ ...body, mode: 'setup' as const, amount: null, amountMinor: null, currency: null, parentOrigin: keptParentOrigin(body) }));
}

/** A parsed session-creation body: a payment with its normalised amount, or a setup session without one. */
export type TCreateCheckoutSessionRequest = z.output<ReturnType<typeof buildPaymentSchema>> | z.output<ReturnType<typeof buildSetupSchema>>;
type SessionParser = { parse(body: unknown): TCreateCheckoutSessionRequest };

const isSetupBody = (body: unknown) => typeof body === 'object' && body !== null && (body as { mode?: unknown }).mode === 'setup';

function buildSessionSchema(minExpirySeconds: number): SessionParser {
  const payment = buildPaymentSchema(minExpirySeconds);
  const setup = buildSetupSchema(minExpirySeconds);
  // The mode picks the rules: a setup body refuses amount and currency, any other body is a payment's (an
  // unknown mode is named by the payment rules' own `mode` field).
  return { parse: (body) => (isSetupBody(body) ? setup.parse(body) : payment.parse(body)) };
}

const sessionSchemas = new Map<number, SessionParser>();

/** The session-creation parser with the configured CHECKOUT_MIN_EXPIRY_SECONDS (built once per value). */
export function checkoutSessionSchema(minExpirySeconds: number): SessionParser {
  let schema = sessionSchemas.get(minExpirySeconds);
  if (!schema) {
    schema = buildSessionSchema(minExpirySeconds);
    sessionSchemas.set(minExpirySeconds, schema);
  }
  return schema;
}

/** The request body as documented (default CHECKOUT_MIN_EXPIRY_SECONDS); handlers parse with checkoutSessionSchema. */
export const ZCreateCheckoutSessionRequestSchema = sessionFields(60, AMOUNT_FIELDS.documented);

/** The card as the page sends it. A card past its expiry month is refused here: it could never be charged. */
export const ZPayCheckoutRequestSchema = z
  .strictObject(
    {
      cardNumber: stringField('cardNumber')
        .overwrite(stripCardSeparators)
        .superRefine((digits, ctx) => {
          if (!/^\d+$/.test(digits)) ctx.addIssue({ code: 'custom', message: 'cardNumber must contain only digits, spaces and dashes' });
          else if (digits.length < 12 || digits.length > 19) ctx.addIssue({ code: 'custom', message: 'cardNumber must be 12 to 19 digits' });
          else if (!luhnValid(digits)) ctx.addIssue({ code: 'custom', message: 'cardNumber is not a valid card number' });
        })
        .meta({ description: 'Card number, 12 to 19 digits, Luhn-valid; spaces and dashes allowed.', example: '4242 4242 4242 4242' }),
      expirationMonth: stringField('expirationMonth').regex(expirationMonthPattern, 'expirationMonth must be two digits from 01 to 12').meta({ example: '12' }),
      expirationYear: stringField('expirationYear').regex(expirationYearPattern, 'expirationYear must be 2 or 4 digits').meta({ example: '2030' }),
      cvc: stringField('cvc').regex(cvcPattern, 'cvc must be 3 or 4 digits').meta({ description: 'Security code: held only in a single-use CVC session for this charge.', example: '123' }),
      cardholderName: stringField('cardholderName').trim().max(NAME_MAX_LENGTH, `cardholderName must be at most ${NAME_MAX_LENGTH} characters`).optional().meta({ example: 'Jane Doe' }),
    },
    { error: objectError },
  )
  .superRefine((card, ctx) => {
    if (!expirationMonthPattern.test(card.expirationMonth) || !expirationYearPattern.test(card.expirationYear)) return;
    const year = card.expirationYear.length === 2 ? 2000 + Number(card.expirationYear) : Number(card.expirationYear);
    const now = new Date();
    if (year * 12 + Number(card.expirationMonth) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      ctx.addIssue({ code: 'custom', path: ['expirationYear'], message: 'The card has expired' });
    }
  })
  .meta({ description: 'Card data typed by the customer on the checkout page.' });
export type TPayCheckoutRequest = z.infer<typeof ZPayCheckoutRequestSchema>;

// Responses
export const ZCheckoutStatus = z.enum(['open', 'completed', 'cancelled', 'expired']);
export const ZEmbedMode = z.enum(['redirect', ...EMBEDDED_MODES]);
export const ZCheckoutMode = z.enum(CHECKOUT_MODES).meta({ description: '`payment` charges the card; `setup` only saves it as a token.' });
const sessionIdExample = 'cs_4kT9fQ2xVbN8mWcR5yZ1aH7d';

export const ZCreatedCheckoutSession = z
  .object({
    success: z.literal(true),
    sessionId: z.string().meta({ example: sessionIdExample }),
    url: z.string().meta({ description: '`${CHECKOUT_URL}/checkout/${sessionId}`: open it by redirect, popup, new tab or iframe.', example: `https://vault.example.com/checkout/${sessionIdExample}` }),
    embedMode: ZEmbedMode,
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedCheckoutSession' });

export const ZCheckoutSessionStatus = z
  .object({
    sessionId: z.string(),
    status: ZCheckoutStatus.meta({ description: '`open` until paid or, in setup mode, the card is saved (`completed`), cancelled by the customer (`cancelled`, final) or `expired` (past expiresAt, or after the 5th failed attempt).' }),
    mode: ZCheckoutMode,
    amount: z.string().optional().meta({ description: 'Payment mode only.', example: '10.50' }),
    currency: z.string().optional().meta({ description: 'Payment mode only.', example: 'EUR' }),
    embedMode: ZEmbedMode,
    attempts: z.number().int().meta({ description: `Payment attempts so far, the successful one included (at most ${MAX_CHECKOUT_ATTEMPTS}: a session whose ${MAX_CHECKOUT_ATTEMPTS}th attempt fails is \`expired\`).` }),
    expiresAt: z.iso.datetime(),
    transactionId: z.string().optional().meta({ description: 'The processor\'s transaction id, once completed (payment mode).' }),
    token: z.string().optional().meta({ description: 'Setup mode, once completed: the token made from the card (`tok_…`), to use through the proxy or detokenize like any token. Never card data.', example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }),
    brand: z.string().nullable().optional().meta({ description: 'Once completed: the card\'s brand (null when not recognised).', example: 'visa' }),
    last4: z.string().optional().meta({ description: 'Once completed: the card\'s last 4 digits.', example: '4242' }),
  })
  .meta({ id: 'CheckoutSessionStatus' });

export const ZCheckoutPaid = z
  .object({
    success: z.literal(true),
    status: z.literal('completed'),
    paymentData: z.object({ transactionId: z.string(), amount: z.string(), currency: z.string(), brand: z.string().nullable(), last4: z.string() }),
    redirectUrl: z.string().meta({ description: 'successUrl with `sessionId`, `transactionId`, `amount`, `currency` and `status=success` added to its query (its own query and fragment kept).' }),
  })
  .meta({ id: 'CheckoutPaid' });

export const ZCheckoutCardSaved = z
  .object({
    success: z.literal(true),
    status: z.literal('completed'),
    paymentData: z.object({ token: z.string().meta({ example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }), brand: z.string().nullable(), last4: z.string() }),
    redirectUrl: z.string().meta({ description: 'successUrl with `sessionId` and `status=success` added to its query.' }),
  })
  .meta({ id: 'CheckoutCardSaved', description: 'Setup mode: the card is saved as a token; nothing was charged.' });

/** A declined or failed attempt: the error, and where the session stands. */
export const ZCheckoutPaymentFailed = ZErrorResponseSchema.extend({
  status: ZCheckoutStatus.meta({ description: '`open` while attempts remain; `expired` after the last one.' }),
  attempts: z.number().int(),
  attempts_remaining: z.number().int(),
  redirectUrl: z.string().optional().meta({ description: 'When the session has ended: errorUrl with `sessionId` and `error=attempts_exhausted` (or `expired`).' }),
}).meta({ id: 'CheckoutPaymentFailed' });

/** Why a session cannot be paid or cancelled now (CheckoutError adds `redirectUrl`). */
export const ZCheckoutStateError = ZErrorResponseSchema.extend({
  redirectUrl: z.string().optional().meta({ description: 'For `session_expired` and `attempts_exhausted`: errorUrl with `sessionId` and `error=expired` / `error=attempts_exhausted`.' }),
}).meta({ id: 'CheckoutStateError' });

export const ZCheckoutCancelled = z
  .object({ success: z.literal(true), status: z.literal('cancelled'), redirectUrl: z.string().meta({ description: 'The cancelUrl, unchanged.' }) })
  .meta({ id: 'CheckoutCancelled' });

// GET /api/checkout-sessions (the dashboard's list of one merchant's sessions)
export const CHECKOUT_LIST_DEFAULT_LIMIT = 25;
export const CHECKOUT_LIST_MAX_LIMIT = 100;

export const ZListCheckoutSessionsQuerySchema = z.strictObject({
  merchant_id: z.uuid({ error: required('merchant_id', 'a UUID') }),
  status: z
    .enum(ZCheckoutStatus.options, { error: required('status', `one of ${ZCheckoutStatus.options.join(', ')}`) })
    .optional()
    .meta({ description: 'Only sessions in this status (as presented: an open session past its deadline is `expired`).' }),
  limit: pageLimitField(CHECKOUT_LIST_DEFAULT_LIMIT, CHECKOUT_LIST_MAX_LIMIT),
  cursor: cursorField(isCheckoutSessionId).optional(),
});
export type TListCheckoutSessionsQuery = z.infer<typeof ZListCheckoutSessionsQuerySchema>;

export const ZCheckoutAttemptView = z
  .object({
    created_at: z.iso.datetime(),
    outcome: z.enum(['approved', 'declined', 'failed']),
    code: z.string().nullable().meta({ description: '`card_declined`, `insufficient_funds` or `processor_error`; null when approved.' }),
    decline_message: z.string().nullable().meta({ description: 'The message the customer saw (a PSP\'s own decline message is masked); null when approved.' }),
    transaction_id: z.string().nullable(),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
  })
  .meta({ id: 'CheckoutAttempt', description: 'One charge attempt; card brand and last 4 only.' });

export const ZCheckoutSessionListItem = z
  .object({
    id: z.string().meta({ example: 'cs_4kT9fQ2xVbN8mWcR5yZ1aH7d' }),
    merchant_id: z.string(),
    status: ZCheckoutStatus.meta({ description: 'An open session past its expiresAt is presented as `expired` (unless a charge that began before the deadline is still running).' }),
    mode: ZCheckoutMode,
    amount: z.string().nullable().meta({ example: '10.50', description: 'Decimal string with the currency\'s minor digits; null in setup mode.' }),
    currency: z.string().nullable().meta({ example: 'EUR', description: 'Null in setup mode.' }),
    embed_mode: ZEmbedMode,
    attempts: z.number().int(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    transaction_id: z.string().nullable(),
    attempt_details: z.array(ZCheckoutAttemptView).meta({ description: 'Every charge attempt, oldest first.' }),
  })
  .meta({ id: 'CheckoutSessionListItem' });
