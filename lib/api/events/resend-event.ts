// POST /api/events/{id}/resend — deliver an event again, to one endpoint or every subscribed one (owner/admin).
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, error, json, ok } from '../../core/openapi-shapes';
import { resendEvent } from '../../webhooks/resend-event';
import { ZQueuedDeliveries, ZResendEventRequestSchema } from '../../events/schemas';
import { eventIdParam } from './get-event';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/events/{id}/resend',
  operationId: 'resendEvent',
  tags: ['Events'],
  summary: 'Resend an event',
  description: `${MANAGERS_ONLY} Queues a new delivery of the event (same \`webhook-id\`, same body, a fresh signature and timestamp) to \`endpoint_id\`, or to every enabled endpoint of its project subscribed to its type. The body is optional. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('event.resend'),
  request: { params: eventIdParam, body: { ...json(ZResendEventRequestSchema), required: false } },
  responses: {
    202: ok('Queued (possibly to no endpoint: `deliveries` is then empty).', dataResponse('ResendEventResponse', ZQueuedDeliveries)),
    404: error(`\`Event not found\`; \`Webhook endpoint not found\` (also an endpoint of another project). ${OTHER_ACCOUNT_404}`),
    409: error('`Webhook endpoint is disabled` (`error.code` `conflict`).'),
  },
  handler: async (call) => {
    const input = call.input.body();
    const resent = await resendEvent(call.runtime, { accountId: call.user.accountId, eventId: call.params.id ?? '', endpointId: input.endpoint_id });
    call.target.projectId = resent.projectId;
    return call.json(202, { success: true, data: { event_id: call.params.id ?? '', deliveries: resent.deliveries } });
  },
});
