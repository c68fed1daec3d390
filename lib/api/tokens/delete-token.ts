// DELETE /api/tokens/{token} — delete a token for good (owner/admin/developer session, or an API key with
// tokenization, optionally with the user's JWT); detokenize and proxy answer 404 from then on.
import { deleteToken } from '../../tokens/delete-token';
import { tokenAuthRoute } from './token-auth-route';

export const DELETE = tokenAuthRoute({ action: 'token.delete', roles: ['owner', 'admin', 'developer'] }, async (call) => {
  const deleted = await deleteToken(call.runtime, { scope: call.scope, token: call.params.token ?? '' });
  Object.assign(call.audit, { tokenId: deleted.id, projectId: deleted.projectId });
  return call.json(200, { success: true, message: 'Token deleted' });
});
