// POST /api/applications/{id}/rotate-key — a new API key (shown once); the old one lasts the grace period.
import { rotateApplicationKey } from '../../applications/rotate-application-key';
import { ZRotateApplicationKeyRequestSchema, ZRotatedKey } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, idParam, json, ok } from '../../core/openapi-shapes';
import { applicationNotFound } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/applications/{id}/rotate-key',
  operationId: 'rotateApplicationKey',
  tags: ['Applications'],
  summary: 'Rotate an application\'s API key',
  description: `${MANAGERS_ONLY} The new key is shown once; the old key keeps working for \`grace_period_seconds\` (default 0, at most one week). The body is optional. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('application.rotate_key'),
  // The body is optional: none at all means the defaults.
  request: { params: idParam('Application'), body: { ...json(ZRotateApplicationKeyRequestSchema), required: false } },
  responses: {
    200: ok('Rotated; `api_key` is shown only now.', dataResponse('RotatedKeyResponse', ZRotatedKey)),
    ...applicationNotFound,
  },
  handler: async (call) => {
    const input = call.input.body();
    const rotated = await rotateApplicationKey(call.runtime, {
      accountId: call.user.accountId,
      applicationId: call.params.id ?? '',
      gracePeriodSeconds: input.grace_period_seconds,
    });
    Object.assign(call.target, { projectId: rotated.projectId, applicationId: rotated.id });
    return call.json(200, {
      success: true,
      data: { id: rotated.id, api_key: rotated.apiKey, key_prefix: rotated.keyPrefix, previous_key_expires_at: rotated.previousKeyExpiresAt?.toISOString() ?? null },
    });
  },
});
