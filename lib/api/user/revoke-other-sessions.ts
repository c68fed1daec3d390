// DELETE /api/user/sessions — end every one of your sessions but the current one.
import { revokeOtherUserSessions } from '../../auth/revoke-user-session';
import { auditedAttempt } from '../auth/audited-attempt';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, ok } from '../../core/openapi-shapes';
import { ZRevokedSessionsResponse } from './sessions-docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/user/sessions',
  operationId: 'revokeOtherUserSessions',
  tags: ['User'],
  summary: 'Revoke your other sessions',
  description: `${ANY_ROLE} Revokes every live session of the signed-in user except the one making this request, and says how many. Audited (\`auth.sessions_revoke_others\`).`,
  auth: sessionAuth(),
  responses: { 200: ok('How many sessions were revoked.', ZRevokedSessionsResponse) },
  handler: (call) =>
    auditedAttempt(call, 'auth.sessions_revoke_others', { resource: `user:${call.user.id}` }, async () => {
      const revoked = await revokeOtherUserSessions(call.runtime, { userId: call.user.id, currentSessionId: call.session.sessionId });
      return call.json(200, { success: true, revoked });
    }),
});
