// Response schemas: documentation of what the handlers return (the handlers build these objects).
import { z } from 'zod';

export const ZErrorResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().meta({ description: 'Stable machine-readable code, e.g. `validation_error`, `invalid_api_key`, `token_not_found`.' }),
      message: z.string().meta({ description: 'Human-readable message; the spec\'s texts are used verbatim.' }),
      fields: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'For `validation_error`: each failing field (dotted path) and why. Never echoes the value.' }),
    }),
    request_id: z.string().meta({ description: 'Equals the X-Request-Id response header.' }),
  })
  .meta({ id: 'Error' });

const tokenBase = {
  success: z.literal(true),
  token: z.string().meta({ example: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d' }),
  cvc_session_id: z.uuid().optional().meta({ description: 'Present when a security code was sent.' }),
  type: z.enum(['card', 'bank']),
  mask: z.string().meta({ description: 'BIN and last 4 for cards (`424242******4242`), last 4 for bank accounts.', example: '424242******4242' }),
  bin: z.string().optional().meta({ description: 'First 6 digits (cards only).', example: '424242' }),
  last4: z.string().meta({ description: 'Last 4 digits; empty for a bank account of only 4 digits (never the whole number).', example: '4242' }),
  brand: z.string().nullable().optional().meta({ description: 'visa, mastercard, amex, discover, diners, jcb, unionpay, maestro, or null (cards only).', example: 'visa' }),
  fingerprint: z.string().meta({ description: 'Keyed HMAC of the card or account number, stable within a project: the same card gives the same fingerprint.' }),
  test_mode: z.boolean().meta({ description: 'true for test projects and test tokens.' }),
  created_at: z.iso.datetime(),
};

export const ZTokenizeResponseSchema = z.object(tokenBase).meta({ id: 'TokenizeResponse' });

export const ZTestTokenResponseSchema = z
  .object({
    ...tokenBase,
    cvc_session_id: z.uuid().meta({ description: 'Reusable CVC session living TEST_CVC_SESSION_TTL_SECONDS (default 1 year).' }),
    test_mode: z.literal(true),
    expires_in: z.string().meta({ description: 'Lifetime of the CVC session, human-readable.', example: '1 year' }),
  })
  .meta({ id: 'TestTokenResponse' });

export const ZProxyResponseSchema = z
  .object({
    success: z.boolean().meta({ description: 'true when the PSP answered 2xx.' }),
    proxy_response: z.object({
      status_code: z.number().int(),
      headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      body: z.unknown().meta({ description: 'Parsed when the PSP answered JSON, text otherwise. Card numbers, account numbers and the injected CVV are masked wherever they appear.' }),
    }),
  })
  .meta({ id: 'ProxyResponse' });

export const ZVerifyKeyResponseSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({
      project_id: z.string(),
      application_id: z.string(),
      name: z.string(),
      permissions: z.object({ tokenization: z.object({ allowed: z.boolean() }), provisioning: z.object({ allowed: z.boolean() }) }),
    }),
  })
  .meta({ id: 'VerifyKeyResponse' });

export const ZMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'MessageResponse' });

export const ZDetokenizeResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.union([
      z.object({ type: z.literal('card'), cardNumber: z.string(), expirationMonth: z.string(), expirationYear: z.string(), firstName: z.string().optional(), lastName: z.string().optional() }),
      z.object({ type: z.literal('bank'), accountNumber: z.string(), routingNumber: z.string(), accountHolderName: z.string().optional(), accountType: z.enum(['checking', 'savings']).optional() }),
    ]),
  })
  .meta({ id: 'DetokenizeResponse', description: 'Never includes a security code.' });
