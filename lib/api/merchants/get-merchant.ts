// GET /api/merchants/{id} — one merchant of the account (any role): key prefix, header values masked.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { getMerchantOrThrow } from '../../merchants/get-merchant-or-throw';
import { presentMerchant } from '../../merchants/present-merchant';
import { ANY_ROLE, OTHER_ACCOUNT_404, ok } from '../../core/openapi-shapes';
import { ZMerchantResponse, merchantIdParam, merchantNotFound } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/merchants/{id}',
  operationId: 'getMerchant',
  tags: ['Merchants'],
  summary: 'Get one merchant',
  description: `${ANY_ROLE} Key prefix only; processor header values masked. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: merchantIdParam },
  responses: { 200: ok('The merchant.', ZMerchantResponse), ...merchantNotFound },
  handler: async (call) => {
    const merchant = await getMerchantOrThrow(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '' });
    return call.json(200, { success: true, data: presentMerchant(merchant) });
  },
});
