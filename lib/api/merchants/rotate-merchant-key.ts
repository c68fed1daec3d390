// POST /api/merchants/{id}/rotate-key — a new service API key (shown once); the old one lasts the grace period.
import { ZRotateApplicationKeyRequestSchema as ZRotateMerchantKeyRequestSchema } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { rotateMerchantKey } from '../../merchants/rotate-merchant-key';
import { ZRotatedServiceKey } from '../../merchants/schemas';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, json, ok } from '../../core/openapi-shapes';
import { merchantIdParam, merchantNotFound } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/merchants/{id}/rotate-key',
  operationId: 'rotateMerchantKey',
  tags: ['Merchants'],
  summary: 'Rotate a merchant\'s service API key',
  description: `${MANAGERS_ONLY} The new key is shown once; the old key keeps working for \`grace_period_seconds\` (default 0, at most one week). The body is optional. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('merchant.rotate_key'),
  // Optional: no body at all means the defaults.
  request: { params: merchantIdParam, body: { ...json(ZRotateMerchantKeyRequestSchema), required: false } },
  responses: {
    200: ok('Rotated; `service_api_key` is shown only now.', dataResponse('RotatedServiceKeyResponse', ZRotatedServiceKey)),
    ...merchantNotFound,
  },
  handler: async (call) => {
    const input = call.input.body();
    const rotated = await rotateMerchantKey(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '', gracePeriodSeconds: input.grace_period_seconds });
    call.target.projectId = rotated.projectId;
    return call.json(200, {
      success: true,
      data: { id: rotated.id, service_api_key: rotated.serviceApiKey, key_prefix: rotated.keyPrefix, previous_key_expires_at: rotated.previousKeyExpiresAt?.toISOString() ?? null },
    });
  },
});
