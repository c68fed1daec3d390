// PUT /api/members/{id} — change a member's role or name (owner/admin); the account keeps an owner.
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { ZMemberResponse, ZUpdateMemberRequestSchema } from '../../members/schemas';
import { updateMember } from '../../members/update-member';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, idParam, json, ok } from '../../core/openapi-shapes';
import { OWNER_RULE, lastOwner, memberNotFound } from './docs';

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/members/{id}',
  operationId: 'updateMember',
  tags: ['Members'],
  summary: 'Change a member\'s role or name',
  description: `${MANAGERS_ONLY} ${OWNER_RULE} The account always keeps an owner (409). ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('member.update'),
  request: { params: idParam('Member (user)'), body: json(ZUpdateMemberRequestSchema) },
  responses: { 200: ok('Updated.', ZMemberResponse), ...memberNotFound, ...lastOwner },
  handler: async (call) => {
    const input = call.input.body();
    const member = await updateMember(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, memberId: call.params.id ?? '', ...input });
    return call.json(200, { success: true, data: member });
  },
});
