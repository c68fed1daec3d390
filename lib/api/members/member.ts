// PUT /api/members/{id} — change role or name; DELETE /api/members/{id} — remove (owner/admin). The last
// owner stays; another account's member is 404.
import { parseJsonRequest } from '../../http/read-body';
import { removeMember } from '../../members/remove-member';
import { ZUpdateMemberRequestSchema } from '../../members/schemas';
import { updateMember } from '../../members/update-member';
import { managedRoute } from '../../http/managed-route';

export const PUT = managedRoute('member.update', async (call, target) => {
  const input = ZUpdateMemberRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const member = await updateMember(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, memberId: (call.params.id ?? ''), ...input });
  return call.json(200, { success: true, data: member });
});

export const DELETE = managedRoute('member.remove', async (call, target) => {
  await removeMember(call.runtime, { accountId: call.user.accountId, actorRole: call.user.role, memberId: (call.params.id ?? '') });
  return call.json(200, { success: true, message: 'Member removed' });
});
