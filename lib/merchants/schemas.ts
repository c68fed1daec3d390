// Request and response schemas of the merchant management routes. The processor is validated by the processors'
// own schema (lib/merchants/processor-schemas.ts) with the runtime's private-host allow-list, so a
// merchant is never saved with a template the charge path could not send. Messages name the field and
// the rule, never the value (header values are PSP secrets).
import { z } from 'zod';
import { createProcessorConfigSchema, objectError, ZProcessorConfigSchema } from './processor-schemas';
import { rotatedKeyView } from '../core/openapi-shapes';
import { ZBrandingRequestSchema, ZBrandingView } from './branding-schemas';

const MERCHANT_NAME_MAX = 100;

const nameField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be a string') })
    .trim()
    .min(1, `name must be 1 to ${MERCHANT_NAME_MAX} characters`)
    .max(MERCHANT_NAME_MAX, `name must be 1 to ${MERCHANT_NAME_MAX} characters`)
    .meta({ description: `Merchant name, 1 to ${MERCHANT_NAME_MAX} characters: the default \`merchantName\` shown on the checkout page.`, example: 'Acme Store' });

/** On update, `null` removes the branding and its logo. */
const brandingField = ZBrandingRequestSchema.nullable();

function buildSchemas(allowedPrivateHosts: ReadonlySet<string>) {
  const processor = createProcessorConfigSchema(allowedPrivateHosts);
  const create = z.strictObject(
    {
      name: nameField(),
      project_id: z
        .uuid({ error: (issue) => (issue.input === undefined ? 'project_id is required' : 'project_id must be a UUID') })
        .optional()
        .meta({ description: "The merchant's project; default the account's first test project." }),
      processor,
      branding: ZBrandingRequestSchema.optional(),
    },
    { error: objectError('Request body') },
  );
  const update = z
    .strictObject({ name: nameField().optional(), processor: processor.optional(), branding: brandingField.optional() }, { error: objectError('Request body') })
    .refine((body) => body.name !== undefined || body.processor !== undefined || body.branding !== undefined, { message: 'Provide name, processor or branding to change' });
  return { create, update };
}

const cache = new WeakMap<ReadonlySet<string>, ReturnType<typeof buildSchemas>>();

/** The create/update schemas for a runtime's PROXY_ALLOWED_PRIVATE_HOSTS (built once per set). */
export function merchantSchemas(allowedPrivateHosts: ReadonlySet<string>): ReturnType<typeof buildSchemas> {
  let schemas = cache.get(allowedPrivateHosts);
  if (!schemas) {
    schemas = buildSchemas(allowedPrivateHosts);
    cache.set(allowedPrivateHosts, schemas);
  }
  return schemas;
}

/** As documented in OpenAPI (no allow-listed hosts). */
const documented = merchantSchemas(new Set());
export const ZCreateMerchantRequestSchema = documented.create;
export const ZUpdateMerchantRequestSchema = documented.update;
export type TCreateMerchantRequest = z.infer<typeof ZCreateMerchantRequestSchema>;
export type TUpdateMerchantRequest = z.infer<typeof ZUpdateMerchantRequestSchema>;

// Responses
const maskedProcessor = (description: string) => ZProcessorConfigSchema.meta({ description });

/** A merchant as list, get and update show it (presentMerchant). */
export const ZMerchantView = z
  .object({
    id: z.string(),
    name: z.string(),
    project_id: z.string(),
    processor: maskedProcessor('The processor, every header value shown as "********".'),
    key_prefix: z.string().meta({ description: 'The first characters of the service key (`msk_test_…`); never the key.' }),
    branding: ZBrandingView.nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Merchant' });

/** A new merchant: its service key, shown this once (no prefix or update yet). */
export const ZCreatedMerchant = ZMerchantView.omit({ key_prefix: true, updated_at: true })
  .extend({
    processor: maskedProcessor('As saved, every header value shown as "********".'),
    service_api_key: z.string().meta({ description: 'The X-SERVICE-API-KEY, `msk_test_…` or `msk_live_…` by the project: shown this once, stored as a SHA-256 hash.' }),
  })
  .meta({ id: 'CreatedMerchant' });

export const ZRotatedServiceKey = rotatedKeyView('RotatedServiceKey', 'service_api_key', 'The new service key, shown this once.');

/** POST /api/merchants/{id}/test-session: what the test customer pays (checked by the checkout session rules). */
export const ZCreateTestSessionRequestSchema = z
  .strictObject(
    {
      amount: z.string({ error: 'amount must be a string' }).default('10.00').meta({ description: 'Decimal amount as text, with the rules of POST /api/sessions/create. Default "10.00".', example: '10.00' }),
      currency: z.string({ error: 'currency must be a string' }).default('EUR').meta({ description: 'ISO 4217 code, with the rules of POST /api/sessions/create. Default EUR.', example: 'EUR' }),
    },
    { error: objectError('Request body') },
  )
  .meta({ description: 'Optional: without a body the session is for 10.00 EUR.' });
