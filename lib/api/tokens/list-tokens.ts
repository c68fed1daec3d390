// GET /api/tokens — the account's tokens (any role), filtered and cursor-paginated; masked data only.
import { sessionRoute } from '../../http/session-route';
import { listTokens } from '../../tokens/list-tokens';
import { presentToken } from '../../tokens/present-token';
import { ZListTokensQuerySchema } from '../../tokens/schemas';

export const GET = sessionRoute({}, async (call) => {
  const query = ZListTokensQuerySchema.parse(Object.fromEntries(new URL(call.request.url).searchParams));
  const page = await listTokens(call.runtime, {
    accountId: call.user.accountId,
    projectId: query.project_id,
    type: query.type,
    last4: query.last4,
    brand: query.brand,
    createdFrom: query.created_from?.from,
    createdBefore: query.created_to?.to,
    limit: query.limit,
    cursor: query.cursor,
  });
  return call.json(200, { success: true, data: page.rows.map(presentToken), next_cursor: page.nextCursor });
});
