// Request and response schemas of the webhook endpoint routes and their delivery log. Messages name the
// field and the rule, never the value.
import { z } from 'zod';
import { cursorField, isoDateOrDateTimeField, pageLimitField, required } from '../core/query-fields';
import { isUuid } from '../core/uuid';
import { EVENT_TYPES, ZEventType } from '../events/event-types';

// No server-only import here: the dashboard's endpoint forms validate with these schemas in the browser.
export const MAX_ENDPOINTS_PER_PROJECT = 16;
export const MAX_ENDPOINT_URL_LENGTH = 2048;
export const DEFAULT_SECRET_GRACE_SECONDS = 24 * 60 * 60;
export const MAX_SECRET_GRACE_SECONDS = 7 * 24 * 60 * 60;
export const DESCRIPTION_MAX = 500;

const typeMessage = (name: string, kind: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${kind}`;

const SUBSCRIBABLE = [...EVENT_TYPES, '*'] as const;

const urlField = () =>
  z
    .string({ error: typeMessage('url', 'a string') })
    .trim()
    .min(1, 'url is required')
    .max(MAX_ENDPOINT_URL_LENGTH, `url must be at most ${MAX_ENDPOINT_URL_LENGTH} characters`)
    .meta({ description: 'https URL (plain http only to localhost, in test projects).', example: 'https://api.example.com/webhooks/vault' });

const eventTypesField = () =>
  z
    .array(z.enum(SUBSCRIBABLE, { error: `event_types must list event types (${EVENT_TYPES.join(', ')}) or "*"` }), {
      error: typeMessage('event_types', 'an array of event types or ["*"]'),
    })
    .min(1, 'event_types must list at least one event type, or "*"')
    .refine((types) => new Set(types).size === types.length, 'event_types lists an event type twice')
    // `*` means all: stored alone so the subscription reads plainly.
    .transform((types) => (types.includes('*') ? ['*'] : types))
    .meta({ description: 'The event types to receive, or `["*"]` for all (including types added later).', example: ['checkout.session.completed', 'checkout.session.expired'] });

const descriptionField = () =>
  z.string({ error: typeMessage('description', 'a string') }).trim().max(DESCRIPTION_MAX, `description must be at most ${DESCRIPTION_MAX} characters`);

const enabledField = () => z.boolean({ error: typeMessage('enabled', 'a boolean') });

export const ZCreateWebhookEndpointRequestSchema = z.strictObject({
  project_id: z
    .uuid({ error: (issue) => (issue.input === undefined ? 'project_id is required' : 'project_id must be a UUID') })
    .optional()
    .meta({ description: "Default: the account's oldest test project." }),
  url: urlField(),
  event_types: eventTypesField().default(['*']),
  description: descriptionField().default(''),
  enabled: enabledField().default(true),
});
export type TCreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequestSchema>;

export const ZUpdateWebhookEndpointRequestSchema = z
  .strictObject({ url: urlField().optional(), event_types: eventTypesField().optional(), description: descriptionField().optional(), enabled: enabledField().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of url, event_types, description, enabled' });
export type TUpdateWebhookEndpointRequest = z.infer<typeof ZUpdateWebhookEndpointRequestSchema>;

export const ZRotateWebhookSecretRequestSchema = z.strictObject({
  grace_seconds: z
    .number({ error: typeMessage('grace_seconds', `an integer from 0 to ${MAX_SECRET_GRACE_SECONDS}`) })
    .int(`grace_seconds must be an integer from 0 to ${MAX_SECRET_GRACE_SECONDS}`)
    .min(0, `grace_seconds must be an integer from 0 to ${MAX_SECRET_GRACE_SECONDS}`)
    .max(MAX_SECRET_GRACE_SECONDS, `grace_seconds must be an integer from 0 to ${MAX_SECRET_GRACE_SECONDS}`)
    .default(DEFAULT_SECRET_GRACE_SECONDS)
    .meta({ description: 'How long the previous secret keeps signing too (default 86400, at most 7 days; 0 ends it now).' }),
});

const isoBound = (name: string) => isoDateOrDateTimeField(name, ({ at }) => at);

export const DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'exhausted', 'cancelled'] as const;

export const ZListDeliveriesQuerySchema = z.strictObject({
  status: z.enum(DELIVERY_STATUSES, { error: required('status', DELIVERY_STATUSES.join(', ')) }).optional(),
  event_type: ZEventType.optional().meta({ description: 'Only deliveries of events of this type.' }),
  event_id: z.string({ error: required('event_id', 'an event id') }).regex(/^evt_[0-9A-Za-z]{1,64}$/, 'event_id must be an event id (evt_…)').optional(),
  from: isoBound('from').optional().meta({ description: 'Created at or after (ISO 8601).' }),
  to: isoBound('to').optional().meta({ description: 'Created before (ISO 8601).' }),
  limit: pageLimitField(25, 100),
  cursor: cursorField(isUuid).optional(),
});
export type TListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuerySchema>;

const rangeBound = (name: string) =>
  z
    .string({ error: typeMessage(name, 'an ISO 8601 date-time') })
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\d/.test(value), `${name} must be an ISO 8601 date-time`)
    .transform((value) => new Date(value));

export const ZReplayRequestSchema = z
  .strictObject({ from: rangeBound('from'), to: rangeBound('to').optional().meta({ description: 'Default: now.' }) })
  .refine((body) => !body.to || body.from < body.to, { path: ['to'], message: 'to must be after from' });

// Responses
export const ZWebhookEndpointView = z
  .object({
    id: z.string(),
    project_id: z.string(),
    url: z.string(),
    event_types: z.array(z.string()),
    description: z.string(),
    enabled: z.boolean(),
    disabled_reason: z.enum(['manual', 'gone', 'failing']).nullable().meta({ description: '`gone`: the receiver answered 410; `failing`: 5 days of failed attempts; `manual`: disabled by a user.' }),
    previous_secret_expires_at: z.string().nullable().meta({ description: 'While set (a rotation overlap), deliveries are signed by the previous secret too.' }),
    failing_since: z.string().nullable(),
    health: z.object({
      success_rate_24h: z.number().nullable().meta({ description: 'Share of attempts in the last 24 h that were answered 2xx (0–1); null without attempts.' }),
      attempts_24h: z.number(),
      last_attempt_at: z.string().nullable(),
      last_status_code: z.number().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const ZCreatedWebhookEndpoint = ZWebhookEndpointView.extend({
  secret: z.string().meta({ description: 'The signing secret (`whsec_` + base64 of 32 random bytes). Shown only now.' }),
}).meta({ id: 'CreatedWebhookEndpoint' });

export const ZWebhookAttemptView = z
  .object({
    attempt: z.number(),
    attempted_at: z.string(),
    webhook_timestamp: z.number().meta({ description: 'The `webhook-timestamp` header this attempt was signed with.' }),
    status_code: z.number().nullable(),
    latency_ms: z.number(),
    response_body: z.string().nullable().meta({ description: 'The first 2 KB of the answer, long digit runs masked like proxy responses.' }),
    error: z.string().nullable(),
    succeeded: z.boolean(),
  })
  .meta({ id: 'WebhookAttempt' });

export const ZWebhookDeliveryView = z
  .object({
    id: z.string(),
    endpoint_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number(),
    next_attempt_at: z.string().nullable().meta({ description: 'When the next attempt is due (pending only).' }),
    last_attempt_at: z.string().nullable(),
    last_status_code: z.number().nullable(),
    created_at: z.string(),
    attempt_log: z.array(ZWebhookAttemptView),
  })
  .meta({ id: 'WebhookDelivery' });
