// POST /api/webhook-endpoints — add an endpoint (owner/admin); its signing secret is shown this once.
import { defineRoute } from '../../http/define-route';
import { auditResource, managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, error, json, ok } from '../../core/openapi-shapes';
import { createWebhookEndpoint } from '../../webhooks/create-webhook-endpoint';
import { presentWebhookEndpoint } from '../../webhooks/present-webhook-endpoint';
import { MAX_ENDPOINTS_PER_PROJECT, ZCreateWebhookEndpointRequestSchema, ZCreatedWebhookEndpoint } from '../../webhooks/schemas';
import { URL_RULES, urlRefused } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/webhook-endpoints',
  operationId: 'createWebhookEndpoint',
  tags: ['Webhooks'],
  summary: 'Create a webhook endpoint',
  description: `${MANAGERS_ONLY} Without \`project_id\` the endpoint goes to the account's oldest test project. \`event_types\` defaults to \`["*"]\` (every type, including ones added later). The signing secret (\`whsec_\` + base64 of 32 random bytes) is returned this once and stored encrypted; deliveries follow Standard Webhooks v1. ${URL_RULES} At most ${MAX_ENDPOINTS_PER_PROJECT} endpoints per project: beyond, 403 \`webhook_endpoint_limit_reached\`.`,
  auth: managerAuth('webhook_endpoint.create'),
  request: { body: json(ZCreateWebhookEndpointRequestSchema) },
  responses: {
    201: ok('Created; `secret` is shown only now.', dataResponse('CreatedWebhookEndpointResponse', ZCreatedWebhookEndpoint)),
    ...urlRefused,
    403: error(`\`Insufficient permissions\`; \`webhook_endpoint_limit_reached\`: the project has ${MAX_ENDPOINTS_PER_PROJECT} endpoints.`),
    404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`),
  },
  handler: async (call) => {
    const created = await createWebhookEndpoint(call.runtime, { accountId: call.user.accountId, input: call.input.body() });
    Object.assign(call.target, { projectId: created.row.projectId, resource: auditResource('webhook_endpoint.create', created.row.id) });
    return call.json(201, { success: true, data: { ...presentWebhookEndpoint(created.row), secret: created.secret } });
  },
});
