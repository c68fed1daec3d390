// GET /api/members — the account's users (any role); POST /api/members — invite one by email (owner/admin).
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute } from '../../http/session-route';
import { inviteMember } from '../../members/invite-member';
import { listMembers } from '../../members/list-members';
import { ZInviteMemberRequestSchema } from '../../members/schemas';
import { auditResource, managedRoute } from '../../http/managed-route';

export const GET = sessionRoute({}, async (call) => {
  return call.json(200, { success: true, data: await listMembers(call.runtime, { accountId: call.user.accountId }) });
});

export const POST = managedRoute('member.invite', async (call, target) => {
  const input = ZInviteMemberRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const member = await inviteMember(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, ...input });
  target.resource = auditResource('member.invite', member.id);
  return call.json(201, { success: true, data: member });
});
