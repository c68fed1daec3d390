// DELETE /api/merchants/{id} — delete a merchant (owner/admin); its service key stops working at once.
import { managedRoute } from '../../http/managed-route';
import { deleteMerchant } from '../../merchants/delete-merchant';

export const DELETE = managedRoute('merchant.delete', async (call, target) => {
  const deleted = await deleteMerchant(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '' });
  target.projectId = deleted.projectId;
  return call.json(200, { success: true, message: 'Merchant deleted' });
});
