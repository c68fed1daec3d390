// Request and response schemas of collect sessions (Vault Elements, issue 24): create and read (the
// merchant's server, API key) and submit (the field frames). They also feed the OpenAPI document. Messages
// name the field and the rule, never the value.
import { z } from 'zod';
import { cvcPattern, expirationMonthPattern, expirationYearPattern, isPastExpiry } from '../cards/card-rules';
import { isExactOrigin } from '../checkout/url-rules';
import { PARENT_ORIGIN_RULE } from './parent-origin';
import { cardNumberField, stringField } from '../vault/schemas';
import {
  COLLECT_FIELDS, DEFAULT_COLLECT_EXPIRY_SECONDS, MAX_COLLECT_EXPIRY_SECONDS, METADATA_KEY_MAX_LENGTH, METADATA_MAX_KEYS, METADATA_VALUE_MAX_LENGTH,
  MIN_COLLECT_EXPIRY_SECONDS,
} from './collect-rules';

const objectError = (issue: { code?: string; input?: unknown }) =>
  issue.code === 'invalid_type' ? (issue.input === undefined ? 'Request body is required' : 'Request body must be a JSON object') : undefined;

const sessionIdExample = 'cls_4kT9fQ2xVbN8mWcR5yZ1aH7d';
const ZCollectField = z.enum(COLLECT_FIELDS);
const expiryMessage = `expires_in_seconds must be a whole number from ${MIN_COLLECT_EXPIRY_SECONDS} to ${MAX_COLLECT_EXPIRY_SECONDS}`;

export const ZCreateCollectSessionRequest = z
  .strictObject(
    {
      parent_origin: stringField('parent_origin')
        .refine(isExactOrigin, PARENT_ORIGIN_RULE)
        .meta({ description: 'The origin of the page that mounts the fields: https (test projects also http://localhost and http://127.0.0.1, any port).', example: 'https://shop.example' }),
      fields: z
        .array(ZCollectField, { error: `fields must be a list of ${COLLECT_FIELDS.join(', ')}` })
        .min(1, 'fields must name at least one field')
        .refine((list) => new Set(list).size === list.length, 'fields must not repeat a field')
        .refine((list) => list.includes('card_number') && list.includes('card_expiry'), 'fields must include card_number and card_expiry (a card token keeps its expiry)')
        .optional()
        .meta({ description: 'Which fields the page mounts; default all three. card_number and card_expiry are required; without card_cvc no CVC is collected.', example: [...COLLECT_FIELDS] }),
      expires_in_seconds: z
        .number({ error: expiryMessage })
        .int(expiryMessage)
        .min(MIN_COLLECT_EXPIRY_SECONDS, expiryMessage)
        .max(MAX_COLLECT_EXPIRY_SECONDS, expiryMessage)
        .optional()
        .meta({ description: `Default ${DEFAULT_COLLECT_EXPIRY_SECONDS}.`, example: DEFAULT_COLLECT_EXPIRY_SECONDS }),
      metadata: z
        .record(
          z.string().max(METADATA_KEY_MAX_LENGTH, `metadata keys must be at most ${METADATA_KEY_MAX_LENGTH} characters`),
          z.string({ error: 'metadata values must be strings' }).max(METADATA_VALUE_MAX_LENGTH, `metadata values must be at most ${METADATA_VALUE_MAX_LENGTH} characters`),
          { error: 'metadata must be an object of strings' },
        )
        .refine((record) => Object.keys(record).length <= METADATA_MAX_KEYS, `metadata must have at most ${METADATA_MAX_KEYS} keys`)
        .optional()
        .meta({ description: 'Your own strings, returned on reads (never card data).', example: { order_id: 'ord_1234' } }),
      merchant_id: stringField('merchant_id')
        .uuid('merchant_id must be a merchant id (UUID)')
        .optional()
        .meta({ description: "Optional: a merchant of the key's project whose branding colours the fields (focus and invalid states) unless `style` says otherwise." }),
    },
    { error: objectError },
  )
  .meta({ id: 'CreateCollectSessionRequest' });

export const ZCollectSessionCreated = z
  .object({
    success: z.literal(true),
    id: z.string().meta({ example: sessionIdExample }),
    client_secret: z.string().meta({ description: 'Shown once: give it to the page that mounts the fields. Stored hashed; single use; only that page origin can submit with it.', example: `${sessionIdExample}_secret_…` }),
    parent_origin: z.string(),
    expires_at: z.string().meta({ format: 'date-time' }),
    fields: z.array(ZCollectField),
  })
  .meta({ id: 'CollectSessionCreated' });

export const ZCollectSessionView = z
  .object({
    success: z.literal(true),
    id: z.string().meta({ example: sessionIdExample }),
    status: z.enum(['open', 'completed', 'expired']),
    parent_origin: z.string(),
    fields: z.array(ZCollectField),
    metadata: z.record(z.string(), z.string()).nullable(),
    expires_at: z.string().meta({ format: 'date-time' }),
    created_at: z.string().meta({ format: 'date-time' }),
    completed_at: z.string().meta({ format: 'date-time' }).optional(),
    token: z.string().optional().meta({ description: 'Once completed: the token of the card.' }),
    cvc_session_id: z.string().optional().meta({ description: 'Once completed with a CVC: its single-use CVC session.' }),
    brand: z.string().nullable().optional(),
    last4: z.string().optional(),
    exp_month: z.string().optional(),
    exp_year: z.string().optional(),
  })
  .meta({ id: 'CollectSession' });

export const ZSubmitCollectSessionRequest = z
  .strictObject(
    {
      client_secret: stringField('client_secret').meta({ description: 'The session\'s client secret.' }),
      parent_origin: stringField('parent_origin').meta({ description: 'The origin of the page hosting the frames (the field page reads it from location.ancestorOrigins).' }),
      card_number: cardNumberField('card_number'),
      exp_month: stringField('exp_month').regex(expirationMonthPattern, 'exp_month must be two digits from 01 to 12'),
      exp_year: stringField('exp_year').regex(expirationYearPattern, 'exp_year must be 2 or 4 digits'),
      cvc: stringField('cvc').regex(cvcPattern, 'cvc must be 3 or 4 digits').optional().meta({ description: 'Required when the session collects card_cvc; held only in a CVC session.' }),
    },
    { error: objectError },
  )
  .superRefine((card, ctx) => {
    const wellFormed = expirationMonthPattern.test(card.exp_month) && expirationYearPattern.test(card.exp_year);
    if (wellFormed && isPastExpiry(card.exp_month, card.exp_year)) ctx.addIssue({ code: 'custom', path: ['exp_year'], message: 'The card has expired' });
  })
  .meta({ id: 'SubmitCollectSessionRequest' });
export type TSubmitCollectSession = z.output<typeof ZSubmitCollectSessionRequest>;

export const ZCollectSessionResult = z
  .object({
    success: z.literal(true),
    token: z.string(),
    cvc_session_id: z.string().optional(),
    brand: z.string().nullable(),
    last4: z.string(),
    exp_month: z.string(),
    exp_year: z.string(),
  })
  .meta({ id: 'CollectSessionResult' });
