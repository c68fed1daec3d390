// POST /api/webhook-endpoints/{id}/rotate-secret — a new signing secret (shown once); the old one co-signs for the overlap.
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, json, ok } from '../../core/openapi-shapes';
import { presentWebhookEndpoint } from '../../webhooks/present-webhook-endpoint';
import { rotateWebhookSecret } from '../../webhooks/rotate-webhook-secret';
import { ZCreatedWebhookEndpoint, ZRotateWebhookSecretRequestSchema } from '../../webhooks/schemas';
import { endpointIdParam, endpointNotFound } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/webhook-endpoints/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  tags: ['Webhooks'],
  summary: 'Rotate a webhook endpoint\'s signing secret',
  description: `${MANAGERS_ONLY} The new secret is shown once. For \`grace_seconds\` (default 86400, 0 to 604800) every delivery carries two signatures in \`webhook-signature\`, one per secret, so the receiver can switch secrets without missing a delivery. The body is optional. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('webhook_endpoint.rotate_secret'),
  request: { params: endpointIdParam, body: { ...json(ZRotateWebhookSecretRequestSchema), required: false } },
  responses: { 200: ok('Rotated; `secret` is shown only now.', dataResponse('RotatedWebhookSecretResponse', ZCreatedWebhookEndpoint)), ...endpointNotFound },
  handler: async (call) => {
    const input = call.input.body();
    const rotated = await rotateWebhookSecret(call.runtime, { accountId: call.user.accountId, endpointId: call.params.id ?? '', graceSeconds: input.grace_seconds });
    call.target.projectId = rotated.row.projectId;
    return call.json(200, { success: true, data: { ...presentWebhookEndpoint(rotated.row), secret: rotated.secret } });
  },
});
