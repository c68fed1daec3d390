// POST /api/members — invite a user by email (owner/admin); the mail carries a link to choose a password.
import { defineRoute } from '../../http/define-route';
import { auditResource, managerAuth } from '../../http/managed-route';
import { inviteMember } from '../../members/invite-member';
import { ZInviteMemberRequestSchema, ZMemberResponse } from '../../members/schemas';
import { MANAGERS_ONLY, error, json, ok } from '../../openapi/shared';
import { OWNER_RULE } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/members',
  operationId: 'inviteMember',
  tags: ['Members'],
  summary: 'Invite a user by email',
  description: `${MANAGERS_ONLY} ${OWNER_RULE}`,
  auth: managerAuth('member.invite'),
  request: { body: json(ZInviteMemberRequestSchema) },
  responses: {
    201: ok('Invited.', ZMemberResponse),
    409: error('`conflict`: the email is already registered.'),
  },
  handler: async (call) => {
    const input = call.input.body();
    const member = await inviteMember(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, ...input });
    call.target.resource = auditResource('member.invite', member.id);
    return call.json(201, { success: true, data: member });
  },
});
