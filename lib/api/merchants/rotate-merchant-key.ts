// POST /api/merchants/{id}/rotate-key — a new service API key (shown once); the old one lasts the grace period.
import { ZRotateApplicationKeyRequestSchema as ZRotateMerchantKeyRequestSchema } from '../../applications/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { managedRoute } from '../../http/managed-route';
import { rotateMerchantKey } from '../../merchants/rotate-merchant-key';

export const POST = managedRoute('merchant.rotate_key', async (call, target) => {
  // The body is optional: none at all means the defaults.
  const input = ZRotateMerchantKeyRequestSchema.parse(call.body.byteLength === 0 ? {} : parseJsonRequest(call.request, call.body));
  const rotated = await rotateMerchantKey(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '', gracePeriodSeconds: input.grace_period_seconds });
  target.projectId = rotated.projectId;
  return call.json(200, {
    success: true,
    data: { id: rotated.id, service_api_key: rotated.serviceApiKey, key_prefix: rotated.keyPrefix, previous_key_expires_at: rotated.previousKeyExpiresAt?.toISOString() ?? null },
  });
});
