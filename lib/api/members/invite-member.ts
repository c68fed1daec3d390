// POST /api/members — invite a user by email (owner/admin); the mail carries a link to choose a password.
import { defineRoute } from '../../http/define-route';
import { auditResource, managerAuth } from '../auth/managed-route';
import { inviteMember } from '../../members/invite-member';
import { ZInviteMemberRequestSchema, ZMemberResponse } from '../../members/schemas';
import { MANAGERS_ONLY, json, ok } from '../../core/openapi-shapes';
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
    201: ok(
      'Invited. An address that already has an account (in this account or another) gets this same answer, so an invitation never tells whether an address is registered: the answer shows the invitation as asked (its id names nobody), nothing changes for that user, and only the mail differs (it says they already have an account; no link). A pending invitee of this account gets a fresh link (the earlier ones are void).',
      ZMemberResponse,
    ),
  },
  handler: async (call) => {
    const input = call.input.body();
    const invitation = await inviteMember(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, ...input });
    call.target.resource = auditResource('member.invite', invitation.memberId);
    return call.json(201, { success: true, data: invitation.member });
  },
});
