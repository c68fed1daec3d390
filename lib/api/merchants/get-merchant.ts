// GET /api/merchants/{id} — one merchant of the account (any role): key prefix, header values masked.
import { sessionRoute } from '../../http/session-route';
import { getMerchantOrThrow } from '../../merchants/get-merchant-or-throw';
import { presentMerchant } from '../../merchants/present-merchant';

export const GET = sessionRoute({}, async (call) => {
  const merchant = await getMerchantOrThrow(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '' });
  return call.json(200, { success: true, data: presentMerchant(merchant) });
});
