// GET /api/members — the account's users (any role), oldest first.
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { listMembers } from '../../members/list-members';
import { ZMemberView } from '../../members/schemas';
import { ANY_ROLE, dataResponse, ok } from '../../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/members',
  operationId: 'listMembers',
  tags: ['Members'],
  summary: 'List the account\'s users',
  description: ANY_ROLE,
  auth: sessionAuth(),
  responses: { 200: ok('Members.', dataResponse('MemberList', z.array(ZMemberView))) },
  handler: async (call) => {
    return call.json(200, { success: true, data: await listMembers(call.runtime, { accountId: call.user.accountId }) });
  },
});
