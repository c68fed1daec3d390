// DELETE /api/members/{id} — remove a member (owner/admin); the last owner stays.
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { removeMember } from '../../members/remove-member';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, idParam, message } from '../../core/openapi-shapes';
import { OWNER_RULE, lastOwner, memberNotFound } from './docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/members/{id}',
  operationId: 'removeMember',
  tags: ['Members'],
  summary: 'Remove a member',
  description: `${MANAGERS_ONLY} ${OWNER_RULE} The last owner cannot be removed (409). ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('member.remove'),
  request: { params: idParam('Member (user)') },
  responses: { 200: message('`Member removed`.'), ...memberNotFound, ...lastOwner },
  handler: async (call) => {
    await removeMember(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, memberId: call.params.id ?? '' });
    return call.json(200, { success: true, message: 'Member removed' });
  },
});
