// PUT /api/account — rename the account or require MFA of every member (owner only, audited).
import { ZAccountResponse, ZUpdateAccountRequestSchema } from '../../accounts/schemas';
import { updateAccount } from '../../accounts/update-account';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { json, ok } from '../../core/openapi-shapes';

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/account',
  operationId: 'updateAccount',
  tags: ['Account'],
  summary: 'Rename the account or require MFA',
  description:
    'Only the **owner** may call this; other roles get 403. Every attempt (refusals included) is written to the audit log (`account.update`). ' +
    'With `require_mfa: true`, a member without MFA gets 403 `mfa_enrollment_required` from every management route until they enrol (POST /user/settings/mfa; ' +
    'the MFA status routes, /auth/verify and /auth/logout stay open to them), and the dashboard sends them to enrolment at their next sign-in. ' +
    'An owner without MFA cannot turn it on (403 `mfa_enrollment_required`): enrol first.',
  auth: managerAuth('account.update', { roles: ['owner'] }),
  request: { body: json(ZUpdateAccountRequestSchema) },
  responses: { 200: ok('Updated.', ZAccountResponse) },
  handler: async (call) => {
    const input = call.input.body();
    const account = await updateAccount(call.runtime, { accountId: call.user.accountId, actor: call.user, name: input.name, requireMfa: input.require_mfa });
    return call.json(200, { success: true, data: account });
  },
});
