// GET /api/account — the signed-in user's account: name and whether it requires MFA (any role).
import { getAccount } from '../../accounts/get-account';
import { ZAccountResponse } from '../../accounts/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, ok } from '../../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/account',
  operationId: 'getAccount',
  tags: ['Account'],
  summary: 'Get the account',
  description: `${ANY_ROLE} The account of the signed-in user: its name and whether members must use MFA (\`require_mfa\`).`,
  auth: sessionAuth(),
  responses: { 200: ok('The account.', ZAccountResponse) },
  handler: async (call) => call.json(200, { success: true, data: await getAccount(call.runtime, { accountId: call.user.accountId }) }),
});
