// POST /api/applications/{id}/rotate-key — a new API key (shown once); the old one lasts the grace period.
import { rotateApplicationKey } from '../../applications/rotate-application-key';
import { ZRotateApplicationKeyRequestSchema } from '../../applications/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { managedRoute } from '../../http/managed-route';

export const POST = managedRoute('application.rotate_key', async (call, target) => {
  // The body is optional: none at all means the defaults.
  const input = ZRotateApplicationKeyRequestSchema.parse(call.body.byteLength === 0 ? {} : parseJsonRequest(call.request, call.body));
  const rotated = await rotateApplicationKey(call.runtime, {
    accountId: call.user.accountId,
    applicationId: call.params.id ?? '',
    gracePeriodSeconds: input.grace_period_seconds,
  });
  Object.assign(target, { projectId: rotated.projectId, applicationId: rotated.id });
  return call.json(200, {
    success: true,
    data: { id: rotated.id, api_key: rotated.apiKey, key_prefix: rotated.keyPrefix, previous_key_expires_at: rotated.previousKeyExpiresAt?.toISOString() ?? null },
  });
});
