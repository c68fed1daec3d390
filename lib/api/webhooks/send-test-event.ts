// POST /api/webhook-endpoints/{id}/test — send a `webhook.test` event to this endpoint only (owner/admin).
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, ok } from '../../core/openapi-shapes';
import { sendTestEvent } from '../../webhooks/send-test-event';
import { endpointDisabledConflict, endpointIdParam, endpointNotFound } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/webhook-endpoints/{id}/test',
  operationId: 'sendTestWebhook',
  tags: ['Webhooks'],
  summary: 'Send a test event',
  description: `${MANAGERS_ONLY} Writes a \`webhook.test\` event and queues its delivery to this endpoint only; it is signed, retried and logged like any other. Follow it in GET /api/webhook-endpoints/{id}/deliveries?event_id=… ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('webhook_endpoint.test'),
  request: { params: endpointIdParam },
  responses: {
    202: ok('Queued.', dataResponse('TestWebhookResponse', z.object({ event_id: z.string() }))),
    ...endpointNotFound,
    ...endpointDisabledConflict,
  },
  handler: async (call) => {
    const sent = await sendTestEvent(call.runtime, { accountId: call.user.accountId, endpointId: call.params.id ?? '' });
    call.target.projectId = sent.projectId;
    return call.json(202, { success: true, data: { event_id: sent.eventId } });
  },
});
