// GET /api/tokens — the account's tokens (any role), filtered and cursor-paginated; masked data only.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, ok, pageResponse } from '../../core/openapi-shapes';
import { listTokens, tokenListOptions } from '../../tokens/list-tokens';
import { presentToken } from '../../tokens/present-token';
import { ZListTokensQuerySchema, ZTokenView } from '../../tokens/schemas';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/tokens',
  operationId: 'listTokens',
  tags: ['Tokens'],
  summary: 'List the account\'s tokens',
  description: `${ANY_ROLE} Filtered, newest first, cursor-paginated; masked data only, never decrypted. Unknown query parameters are a 400.`,
  auth: sessionAuth(),
  request: { query: ZListTokensQuerySchema },
  responses: { 200: ok('A page of tokens.', pageResponse('TokenPage', ZTokenView)) },
  handler: async (call) => {
    const query = call.input.query();
    const page = await listTokens(call.runtime, tokenListOptions(call.user.accountId, query));
    return call.json(200, { success: true, data: page.rows.map(presentToken), next_cursor: page.nextCursor });
  },
});
