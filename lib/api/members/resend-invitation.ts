// POST /api/members/{id}/resend-invitation — mail a pending member a new invitation link (owner/admin).
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { resendInvitation } from '../../members/resend-invitation';
import { ZMemberResponse } from '../../members/schemas';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, error, idParam, ok } from '../../core/openapi-shapes';
import { OWNER_RULE, memberNotFound } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/members/{id}/resend-invitation',
  operationId: 'resendMemberInvitation',
  tags: ['Members'],
  summary: 'Send a pending member\'s invitation again',
  description: `${MANAGERS_ONLY} ${OWNER_RULE} Only for a member whose \`status\` is \`invited\`: a new link (valid 7 days) is mailed and every earlier link of theirs stops working. To revoke an invitation, remove the member (DELETE /api/members/{id}): the link is then refused. Audited as \`member.resend_invitation\`. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('member.resend_invitation'),
  request: { params: idParam('Member (user)') },
  responses: {
    200: ok('Sent; the member.', ZMemberResponse),
    ...memberNotFound,
    409: error('`not_invited`: `The member has already accepted the invitation`.'),
  },
  handler: async (call) => {
    const member = await resendInvitation(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, memberId: call.params.id ?? '' });
    return call.json(200, { success: true, data: member });
  },
});
