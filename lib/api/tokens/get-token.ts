// GET /api/tokens/{token} — one token of the account (any role); masked data only, never decrypted.
import { sessionRoute } from '../../http/session-route';
import { getScopedTokenOrThrow } from '../../tokens/get-scoped-token-or-throw';
import { presentToken } from '../../tokens/present-token';

export const GET = sessionRoute({}, async (call) => {
  const row = await getScopedTokenOrThrow(call.runtime, { scope: { accountId: call.user.accountId }, token: call.params.token ?? '' });
  return call.json(200, { success: true, data: presentToken(row) });
});
