// GET /api/merchants — the account's merchants (any role), optionally of one project; no keys, no secrets.
import { ZListApplicationsQuerySchema as ZListMerchantsQuerySchema } from '../../applications/schemas';
import { sessionRoute } from '../../http/session-route';
import { listMerchants } from '../../merchants/list-merchants';
import { presentMerchant } from '../../merchants/present-merchant';

export const GET = sessionRoute({}, async (call) => {
  const query = ZListMerchantsQuerySchema.parse(Object.fromEntries(new URL(call.request.url).searchParams));
  const merchants = await listMerchants(call.runtime, { accountId: call.user.accountId, projectId: query.project_id });
  return call.json(200, { success: true, data: merchants.map(presentMerchant) });
});
