// GET /api/webhook-endpoints/{id}/deliveries — an endpoint's delivery log with every attempt (any role).
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, ok, pageResponse } from '../../core/openapi-shapes';
import { listDeliveries } from '../../webhooks/list-deliveries';
import { ZListDeliveriesQuerySchema, ZWebhookDeliveryView } from '../../webhooks/schemas';
import { endpointIdParam, endpointNotFound } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/webhook-endpoints/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  tags: ['Webhooks'],
  summary: 'List an endpoint\'s deliveries',
  description: `${ANY_ROLE} Newest first, cursor-paginated, filtered by \`status\`, \`event_type\`, \`event_id\` and creation time. Each delivery lists its attempts: time, the \`webhook-timestamp\` signed, HTTP status, latency, the first 2 KB of the answer (card-number-like digit runs masked) or the error. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: endpointIdParam, query: ZListDeliveriesQuerySchema },
  responses: { 200: ok('A page of deliveries.', pageResponse('WebhookDeliveryPage', ZWebhookDeliveryView)), ...endpointNotFound },
  handler: async (call) => {
    const page = await listDeliveries(call.runtime, { accountId: call.user.accountId, endpointId: call.params.id ?? '', query: call.input.query() });
    return call.json(200, { success: true, data: page.rows, next_cursor: page.nextCursor });
  },
});
