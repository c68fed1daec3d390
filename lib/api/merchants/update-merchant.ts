// PUT /api/merchants/{id} — rename a merchant or replace its processor (owner/admin).
import { parseJsonRequest } from '../../http/read-body';
import { managedRoute } from '../../http/managed-route';
import { presentMerchant } from '../../merchants/present-merchant';
import { merchantSchemas } from '../../merchants/schemas';
import { updateMerchant } from '../../merchants/update-merchant';

export const PUT = managedRoute('merchant.update', async (call, target) => {
  const input = merchantSchemas(call.runtime.allowedPrivateHosts).update.parse(parseJsonRequest(call.request, call.body));
  const merchant = await updateMerchant(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '', name: input.name, processor: input.processor });
  target.projectId = merchant.projectId;
  return call.json(200, { success: true, data: presentMerchant(merchant) });
});
