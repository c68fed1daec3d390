// DELETE /api/webhook-endpoints/{id} — delete an endpoint and its delivery log (owner/admin); events stay.
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, message } from '../../core/openapi-shapes';
import { deleteWebhookEndpoint } from '../../webhooks/delete-webhook-endpoint';
import { endpointIdParam, endpointNotFound } from './docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/webhook-endpoints/{id}',
  operationId: 'deleteWebhookEndpoint',
  tags: ['Webhooks'],
  summary: 'Delete a webhook endpoint',
  description: `${MANAGERS_ONLY} Nothing more is sent to it; its deliveries and their attempts are deleted with it. The events remain (GET /api/events). ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('webhook_endpoint.delete'),
  request: { params: endpointIdParam },
  responses: { 200: message('`Webhook endpoint deleted`.'), ...endpointNotFound },
  handler: async (call) => {
    const deleted = await deleteWebhookEndpoint(call.runtime, { accountId: call.user.accountId, endpointId: call.params.id ?? '' });
    call.target.projectId = deleted.projectId;
    return call.json(200, { success: true, message: 'Webhook endpoint deleted' });
  },
});
