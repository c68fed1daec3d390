// Request schemas of POST /tokenize and POST /test-tokens. They also feed the OpenAPI generator
// (@asteasolutions/zod-to-openapi reads `.meta()`), so every field carries a description and example.
// Messages name the field and the rule, never the value: a failing card number must not reach logs.
import { z } from 'zod';
import { MIN_PAN_PRESERVING_LENGTH, TOKEN_FORMATS, type TokenFormat } from '../tokens/token-format-names';
import { checkLifecycle, tokenLifecycleFields } from './token-lifecycle-fields';
import { abaRoutingValid, accountNumberPattern, routingNumberPattern } from '../cards/bank-rules';
import {
  cvcPattern,
  expirationMonthPattern,
  expirationYearPattern,
  luhnValid,
  stripCardSeparators,
} from '../cards/card-rules';

const NAME_MAX_LENGTH = 100;

/** A string field whose missing/wrong-type message names the field. */
/** A required string whose errors name the field: `<name> is required` / `<name> must be a string`. */
export function stringField(name: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be a string`),
  });
}

/** Object-level type errors only; other object issues (unknown keys) keep their own handling. */
function objectTypeError(name: string) {
  return (issue: { code?: string; input?: unknown }) => {
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined ? `${name} is required` : `${name} must be an object`;
  };
}

// First failing rule only: "not digits" makes the length and Luhn messages noise.
export function cardNumberField(name: string) {
  return stringField(name)
    .overwrite(stripCardSeparators)
    .superRefine((digits, ctx) => {
      if (!/^\d+$/.test(digits)) {
        ctx.addIssue({ code: 'custom', message: `${name} must contain only digits, spaces and dashes` });
      } else if (digits.length < 12 || digits.length > 19) {
        ctx.addIssue({ code: 'custom', message: `${name} must be 12 to 19 digits` });
      } else if (!luhnValid(digits)) {
        ctx.addIssue({ code: 'custom', message: `${name} fails the Luhn check` });
      }
    })
    .meta({
      description:
        'Full card number (PAN), 12 to 19 digits, Luhn-valid. Spaces and dashes between digit groups are ' +
        'accepted and removed before validation and storage.',
      example: '4242424242424242',
    });
}

function expirationMonthField() {
  return stringField('expirationMonth')
    .regex(expirationMonthPattern, 'expirationMonth must be two digits from 01 to 12')
    .meta({ description: 'Expiry month, exactly two digits from 01 to 12.', example: '12' });
}

// Past years are accepted on purpose: a vault also stores expired cards (card updater flows,
// refunds, record keeping); whether a card can still be charged is the PSP's decision.
function expirationYearField() {
  return stringField('expirationYear')
    .regex(expirationYearPattern, 'expirationYear must be 2 or 4 digits')
    .meta({
      description:
        'Expiry year, 2 or 4 digits. Injected into `${expirationYear}` exactly as sent. Past years are ' +
        'accepted: expired cards can be stored.',
      example: '2030',
    });
}

function securityCodeField(name: 'cvv' | 'cvc', session: string) {
  return stringField(name)
    .regex(cvcPattern, `${name} must be 3 or 4 digits`)
    .meta({
      description:
        `Card security code, 3 or 4 digits. Never stored with the token: it is held in a ${session} ` +
        'CVC session and injected into `${cvv}` / `${cvc}`.',
      example: '123',
    });
}

function nameField(name: string, description: string, example: string) {
  return stringField(name)
    .max(NAME_MAX_LENGTH, `${name} must be at most ${NAME_MAX_LENGTH} characters`)
    .meta({ description: `${description}, at most ${NAME_MAX_LENGTH} characters.`, example })
    .optional();
}

export const ZCardDataSchema = z
  .strictObject(
    {
      cardNumber: cardNumberField('cardNumber'),
      expirationMonth: expirationMonthField(),
      expirationYear: expirationYearField(),
      cvv: securityCodeField('cvv', '90-second').optional(),
      firstName: nameField('firstName', 'Cardholder first name', 'Jane'),
      lastName: nameField('lastName', 'Cardholder last name', 'Doe'),
    },
    { error: objectTypeError('data') },
  )
  .meta({ description: 'Card data. When `cvv` is sent, a CVC session is created and its id returned.' });

export const ZBankDataSchema = z
  .strictObject(
    {
      accountNumber: stringField('accountNumber')
        .regex(accountNumberPattern, 'accountNumber must be 4 to 17 digits')
        .meta({ description: 'US bank account number (ACH), 4 to 17 digits.', example: '000123456789' }),
      routingNumber: stringField('routingNumber')
        .regex(routingNumberPattern, { message: 'routingNumber must be 9 digits', abort: true })
        .refine(abaRoutingValid, 'routingNumber fails the ABA checksum')
        .meta({ description: 'ABA routing number, 9 digits with a valid checksum.', example: '110000000' }),
      accountHolderName: nameField('accountHolderName', 'Account holder name', 'Jane Doe'),
      accountType: z
        .enum(['checking', 'savings'], { error: "accountType must be 'checking' or 'savings'" })
        .meta({ description: 'Account type.', example: 'checking' })
        .optional(),
    },
    { error: objectTypeError('data') },
  )
  .meta({ description: 'US bank account data (ACH).' });

const FORMAT_LIST = TOKEN_FORMATS.join(', ');
const formatDescription =
  'Optional, default `random` (`tok_` + 24 base62). `pan_preserving`: digits only, the card number\'s length, its first 6 and last 4 kept and the middle random (cards of 13 to 19 digits). `last4_preserving`: 16 digits ending in the card\'s last 4. Both always fail the Luhn check, so they can never pass for a card number, and are unique in the whole vault, so within each project too (a collision is drawn again, 8 draws at most, then 409 `conflict`). The bucket is the BIN and last 4 (with the length), shared by every project of this vault: a 16-digit card leaves 6 random digits (10^6 values, nine in ten failing Luhn: ~900,000 tokens per bucket; a new token collides with probability n/900,000 after n), a 13-digit one only 3 (~900): tokenizing 13-digit cards of one BIN and last 4 many times can exhaust their bucket, so prefer `random` or `uuid` there. `uuid`: a UUID v4. Bank tokens take `random` or `uuid`.';
const tokenFormatField = z.enum(TOKEN_FORMATS, { error: `token_format must be one of ${FORMAT_LIST}` }).meta({ description: formatDescription, example: 'random' }).optional();

/** pan_preserving keeps 10 of the card's digits and needs at least 3 random ones between them. */
function checkPanPreserving(body: { token_format?: TokenFormat; data: { cardNumber: string } }, ctx: z.RefinementCtx): void {
  if (body.token_format === 'pan_preserving' && /^\d+$/.test(body.data.cardNumber) && body.data.cardNumber.length < MIN_PAN_PRESERVING_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['token_format'], message: `token_format pan_preserving needs a card number of at least ${MIN_PAN_PRESERVING_LENGTH} digits` });
  }
}

export const ZTokenizeRequestSchema = z
  .discriminatedUnion(
    'type',
    [
      z
        .strictObject({ type: z.literal('card'), data: ZCardDataSchema, token_format: tokenFormatField, ...tokenLifecycleFields })
        .superRefine((body, ctx) => {
          checkPanPreserving(body, ctx);
          checkLifecycle(body, ctx);
        }),
      z
        .strictObject({
          type: z.literal('bank'),
          data: ZBankDataSchema,
          token_format: z.enum(['random', 'uuid'], { error: 'token_format must be random or uuid for a bank account (pan_preserving and last4_preserving are for cards)' }).meta({ description: formatDescription }).optional(),
          ...tokenLifecycleFields,
        })
        .superRefine(checkLifecycle),
    ],
    {
      error: (issue) => {
        if (issue.code === 'invalid_union') return "type must be 'card' or 'bank'";
        if (issue.code === 'invalid_type') return 'Request body must be a JSON object';
        return undefined;
      },
    },
  )
  .meta({ description: 'Card or bank data to tokenize, discriminated by `type`.' });

export const ZTestTokenRequestSchema = z
  .strictObject(
    {
      cardNumber: cardNumberField('cardNumber'),
      expirationMonth: expirationMonthField(),
      expirationYear: expirationYearField(),
      cvc: securityCodeField('cvc', '1-year test'),
      firstName: nameField('firstName', 'Cardholder first name', 'Jane'),
      lastName: nameField('lastName', 'Cardholder last name', 'Doe'),
      token_format: tokenFormatField,
    },
    { error: objectTypeError('Request body') },
  )
  // No refinement here (the dashboard's form derives from this object with .omit): every published test card
  // has 13 digits or more, so pan_preserving always fits one, and other numbers are refused anyway.
  .meta({ description: 'Card data for a test token with a long-lived (1 year) CVC session.' });

export type TCardData = z.infer<typeof ZCardDataSchema>;
export type TBankData = z.infer<typeof ZBankDataSchema>;
export type TTokenizeRequest = z.infer<typeof ZTokenizeRequestSchema>;
export type TTestTokenRequest = z.infer<typeof ZTestTokenRequestSchema>;

// Responses of the vault routes (the handlers' bodies are typed against these: lib/http/define-route.ts).
const tokenBase = {
  success: z.literal(true),
  token: z.string().meta({ example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }),
  cvc_session_id: z.uuid().optional().meta({ description: 'Present when a security code was sent.' }),
  type: z.enum(['card', 'bank']),
  mask: z.string().meta({ description: 'BIN and last 4 for cards (`424242******4242`), last 4 for bank accounts.', example: '424242******4242' }),
  bin: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'First 6 digits (cards only); null when the mask hides them (card numbers under 14 digits: the mask is then `*` + last 4).', example: '424242' }),
  last4: z.string().meta({ description: 'Last 4 digits; empty for a bank account of only 4 digits (never the whole number).', example: '4242' }),
  brand: z.string().nullable().optional().meta({ description: 'visa, mastercard, amex, discover, diners, jcb, unionpay, maestro, or null (cards only).', example: 'visa' }),
  fingerprint: z.string().meta({ description: 'Keyed HMAC of the card or account number, stable within a project: the same card gives the same fingerprint.' }),
  test_mode: z.boolean().meta({ description: 'true for test projects and test tokens.' }),
  token_format: z.enum(TOKEN_FORMATS).optional().meta({ description: 'The format the token value was made in: present when the request named `token_format` or the token is not `random`.' }),
  created_at: z.iso.datetime(),
};

export const ZTokenizeResponseSchema = z
  .object({
    ...tokenBase,
    metadata: z.record(z.string(), z.string()).optional().meta({ description: 'The token\'s metadata, present when it has some.' }),
    expires_at: z.iso.datetime().optional().meta({ description: 'When the token expires, present when an expiry is set (the project\'s `token_retention_days` may expire it earlier).' }),
    deduplicated: z.boolean().optional().meta({ description: 'Present when the request sent `deduplicate`: true when this is the existing token found (200), false when this call made it (201).' }),
  })
  .meta({ id: 'TokenizeResponse' });

export const ZTestTokenResponseSchema = z
  .object({
    ...tokenBase,
    cvc_session_id: z.uuid().meta({ description: 'Reusable CVC session living TEST_CVC_SESSION_TTL_SECONDS (default 1 year).' }),
    test_mode: z.literal(true),
    expires_in: z.string().meta({ description: 'Lifetime of the CVC session, human-readable.', example: '1 year' }),
  })
  .meta({ id: 'TestTokenResponse' });

export const ZVerifyKeyResponseSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({
      project_id: z.string(),
      application_id: z.string(),
      name: z.string(),
      permissions: z.object({
        tokenization: z.object({ allowed: z.boolean() }),
        detokenize: z.object({ allowed: z.boolean() }),
        provisioning: z.object({ allowed: z.boolean() }),
        search: z.object({ allowed: z.boolean() }).meta({ description: 'May search the project\'s tokens (POST /tokens/search).' }),
      }),
    }),
  })
  .meta({ id: 'VerifyKeyResponse' });


export const ZDetokenizeResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.union([
      z.object({ type: z.literal('card'), cardNumber: z.string(), expirationMonth: z.string(), expirationYear: z.string(), firstName: z.string().optional(), lastName: z.string().optional(), cardholderName: z.string().optional().meta({ description: 'The cardholder name of an imported card (`cardholder_name` of `vault import cards` or POST /api/imports), when the file had one.' }) }),
      z.object({ type: z.literal('bank'), accountNumber: z.string(), routingNumber: z.string(), accountHolderName: z.string().optional(), accountType: z.enum(['checking', 'savings']).optional() }),
    ]),
    metadata: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'The token\'s metadata (issue 25), present only when it has some: without metadata the body is exactly `success` and `data`.', example: { customer_id: 'cus_8412' } }),
  })
  .meta({ id: 'DetokenizeResponse', description: 'Never includes a security code.' });
