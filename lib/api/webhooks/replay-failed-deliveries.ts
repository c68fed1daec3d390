// POST /api/webhook-endpoints/{id}/replay — re-send every failed delivery of a time range (owner/admin).
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, json, ok } from '../../core/openapi-shapes';
import { replayFailedDeliveries } from '../../webhooks/replay-failed-deliveries';
import { ZReplayRequestSchema } from '../../webhooks/schemas';
import { endpointDisabledConflict, endpointIdParam, endpointNotFound } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/webhook-endpoints/{id}/replay',
  operationId: 'replayWebhookDeliveries',
  tags: ['Webhooks'],
  summary: 'Re-send the failed deliveries of a time range',
  description: `${MANAGERS_ONLY} Every event whose latest delivery to this endpoint, created in [\`from\`, \`to\`) (default \`to\`: now), ended \`exhausted\` or \`cancelled\` gets a new delivery, due now, with a fresh retry schedule. Events delivered or re-sent since are not sent again. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('webhook_endpoint.replay'),
  request: { params: endpointIdParam, body: json(ZReplayRequestSchema) },
  responses: {
    202: ok('Queued.', dataResponse('ReplayResponse', z.object({ queued: z.number().meta({ description: 'Deliveries queued.' }) }))),
    ...endpointNotFound,
    ...endpointDisabledConflict,
  },
  handler: async (call) => {
    const input = call.input.body();
    const replayed = await replayFailedDeliveries(call.runtime, { accountId: call.user.accountId, endpointId: call.params.id ?? '', from: input.from, to: input.to });
    call.target.projectId = replayed.projectId;
    return call.json(202, { success: true, data: { queued: replayed.queued } });
  },
});
