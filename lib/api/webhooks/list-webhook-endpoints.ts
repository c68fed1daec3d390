// GET /api/webhook-endpoints — the account's webhook endpoints (any role), optionally of one project, with health.
import { z } from 'zod';
import { ZListApplicationsQuerySchema as ZListEndpointsQuerySchema } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, dataResponse, error, ok } from '../../core/openapi-shapes';
import { listWebhookEndpoints } from '../../webhooks/list-webhook-endpoints';
import { presentWebhookEndpoint } from '../../webhooks/present-webhook-endpoint';
import { ZWebhookEndpointView } from '../../webhooks/schemas';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/webhook-endpoints',
  operationId: 'listWebhookEndpoints',
  tags: ['Webhooks'],
  summary: 'List webhook endpoints',
  description: `${ANY_ROLE} Oldest first, optionally only those of one project. Each with its health: the share of attempts in the last 24 h answered 2xx and its last attempt. Never a secret.`,
  auth: sessionAuth(),
  request: { query: ZListEndpointsQuerySchema },
  responses: { 200: ok('Endpoints.', dataResponse('WebhookEndpointList', z.array(ZWebhookEndpointView))), 404: error('`Project not found`.') },
  handler: async (call) => {
    const query = call.input.query();
    const endpoints = await listWebhookEndpoints(call.runtime, { accountId: call.user.accountId, projectId: query.project_id });
    return call.json(200, { success: true, data: endpoints.map(({ row, health }) => presentWebhookEndpoint(row, health)) });
  },
});
