// GET /api/merchants — the account's merchants (any role), optionally of one project; no keys, no secrets.
import { z } from 'zod';
import { ZListApplicationsQuerySchema as ZListMerchantsQuerySchema } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { listMerchants } from '../../merchants/list-merchants';
import { presentMerchant } from '../../merchants/present-merchant';
import { ZMerchantView } from '../../merchants/schemas';
import { ANY_ROLE, dataResponse, error, ok } from '../../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/merchants',
  operationId: 'listMerchants',
  tags: ['Merchants'],
  summary: 'List the account\'s merchants',
  description: `${ANY_ROLE} Optionally only those of one project. Service key prefixes only; processor header values masked.`,
  auth: sessionAuth(),
  request: { query: ZListMerchantsQuerySchema },
  responses: {
    200: ok('Merchants, oldest first.', dataResponse('MerchantList', z.array(ZMerchantView))),
    404: error('`Project not found`.'),
  },
  handler: async (call) => {
    const query = call.input.query();
    const merchants = await listMerchants(call.runtime, { accountId: call.user.accountId, projectId: query.project_id });
    return call.json(200, { success: true, data: merchants.map(presentMerchant) });
  },
});
