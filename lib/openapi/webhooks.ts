// The document's `webhooks` (OpenAPI 3.1): one entry per event type, the POST a receiver gets, with the
// Standard Webhooks headers and the exact envelope of that type.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { eventEnvelopeSchema } from '../events/event-data-schemas';
import { EVENT_TYPES, TEST_EVENT_TYPE } from '../events/event-types';

const HEADERS = z.object({
  'webhook-id': z.string().meta({ description: 'The event id (`evt_…`), the same on every retry: deduplicate on it.' }),
  'webhook-timestamp': z.string().meta({ description: 'Unix seconds when this attempt was signed; refuse values more than 5 minutes away.' }),
  'webhook-signature': z.string().meta({ description: '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">` under the endpoint secret; space-separated, one per secret, during a rotation overlap. Verify the raw body (vault/webhooks, /webhooks.js).' }),
});

export function registerEventWebhooks(registry: OpenAPIRegistry): void {
  for (const type of [...EVENT_TYPES, TEST_EVENT_TYPE] as const) {
    const envelope = eventEnvelopeSchema(type);
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `event_${type.replaceAll('.', '_')}`,
      tags: ['Events'],
      summary: type,
      // Authenticated by its signature (the headers), not by a scheme of this API.
      security: [],
      description: `${envelope.description ?? ''} Delivered to every enabled endpoint subscribed to \`${type}\` (or \`*\`), signed per Standard Webhooks v1. Answer 2xx quickly; anything else is retried (410 disables the endpoint).`,
      request: { headers: HEADERS, body: { content: { 'application/json': { schema: envelope } } } },
      responses: {
        200: { description: 'Any 2xx: delivered.' },
        410: { description: 'Gone: the endpoint is disabled and nothing more is sent to it.' },
      },
    });
  }
}
