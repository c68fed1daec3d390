// DELETE /api/merchants/{id} — delete a merchant (owner/admin); its service key stops working at once.
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { deleteMerchant } from '../../checkout/delete-merchant';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, message } from '../../core/openapi-shapes';
import { merchantIdParam, merchantNotFound } from './docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/merchants/{id}',
  operationId: 'deleteMerchant',
  tags: ['Merchants'],
  summary: 'Delete a merchant',
  description: `${MANAGERS_ONLY} Its service key stops working at once. Its checkout sessions are kept (payment history); the open ones become \`expired\`, since there is no processor left to charge through. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('merchant.delete'),
  request: { params: merchantIdParam },
  responses: { 200: message('`Merchant deleted`.'), ...merchantNotFound },
  handler: async (call) => {
    const deleted = await deleteMerchant(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '' });
    call.target.projectId = deleted.projectId;
    return call.json(200, { success: true, message: 'Merchant deleted' });
  },
});
