// PUT /api/webhook-endpoints/{id} — change an endpoint's URL, event types, description or state (owner/admin).
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, json, ok } from '../../core/openapi-shapes';
import { presentWebhookEndpoint } from '../../webhooks/present-webhook-endpoint';
import { ZUpdateWebhookEndpointRequestSchema } from '../../webhooks/schemas';
import { updateWebhookEndpoint } from '../../webhooks/update-webhook-endpoint';
import { URL_RULES, ZWebhookEndpointResponse, endpointIdParam, endpointNotFound, urlRefused } from './docs';

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/webhook-endpoints/{id}',
  operationId: 'updateWebhookEndpoint',
  tags: ['Webhooks'],
  summary: 'Update a webhook endpoint',
  description: `${MANAGERS_ONLY} Fields left out keep their value (at least one is needed). \`enabled: false\` disables it (reason \`manual\`) and cancels its waiting deliveries; \`enabled: true\` re-enables one disabled for any reason and clears its failure streak (replay the failed deliveries afterwards). ${URL_RULES} ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('webhook_endpoint.update'),
  request: { params: endpointIdParam, body: json(ZUpdateWebhookEndpointRequestSchema) },
  responses: { 200: ok('Updated.', ZWebhookEndpointResponse), ...urlRefused, ...endpointNotFound },
  handler: async (call) => {
    const endpoint = await updateWebhookEndpoint(call.runtime, { accountId: call.user.accountId, endpointId: call.params.id ?? '', input: call.input.body() });
    call.target.projectId = endpoint.projectId;
    return call.json(200, { success: true, data: presentWebhookEndpoint(endpoint) });
  },
});
