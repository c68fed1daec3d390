// GET /api/tokens/{token} — one token of the account (any role); masked data only, never decrypted.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, error, ok } from '../../core/openapi-shapes';
import { getScopedTokenView } from '../../tokens/get-scoped-token-or-throw';
import { presentToken } from '../../tokens/present-token';
import { ZTokenViewResponse, tokenParam } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/tokens/{token}',
  operationId: 'getToken',
  tags: ['Tokens'],
  summary: 'Get one token\'s metadata',
  description: `${ANY_ROLE} Masked data only. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: tokenParam },
  responses: { 200: ok('The token.', ZTokenViewResponse), 404: error(`\`Token not found\`. ${OTHER_ACCOUNT_404}`) },
  handler: async (call) => {
    const row = await getScopedTokenView(call.runtime, { scope: { accountId: call.user.accountId }, token: call.params.token ?? '' });
    return call.json(200, { success: true, data: presentToken(row) });
  },
});
