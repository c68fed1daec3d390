// GET /api/webhook-endpoints/{id} — one endpoint of the account (any role), with health; never its secret.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, ok } from '../../core/openapi-shapes';
import { endpointHealth } from '../../webhooks/endpoint-health';
import { getWebhookEndpointOrThrow } from '../../webhooks/get-webhook-endpoint-or-throw';
import { presentWebhookEndpoint } from '../../webhooks/present-webhook-endpoint';
import { ZWebhookEndpointResponse, endpointIdParam, endpointNotFound } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/webhook-endpoints/{id}',
  operationId: 'getWebhookEndpoint',
  tags: ['Webhooks'],
  summary: 'Get one webhook endpoint',
  description: `${ANY_ROLE} ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: endpointIdParam },
  responses: { 200: ok('The endpoint.', ZWebhookEndpointResponse), ...endpointNotFound },
  handler: async (call) => {
    const endpoint = await getWebhookEndpointOrThrow(call.runtime, { accountId: call.user.accountId, endpointId: call.params.id ?? '' });
    const health = await endpointHealth(call.runtime, [endpoint.id]);
    return call.json(200, { success: true, data: presentWebhookEndpoint(endpoint, health.get(endpoint.id)) });
  },
});
