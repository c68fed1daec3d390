// DELETE /api/user/sessions/{id} — end one of your own sessions (the current one signs you out).
import { revokeUserSession } from '../../auth/revoke-user-session';
import { auditedAttempt } from '../auth/audited-attempt';
import { defineRoute } from '../../http/define-route';
import { clearedSessionCookie } from '../../http/session-cookie';
import { sessionAuth } from '../auth/session-route';
import { isUuid } from '../../core/uuid';
import { ANY_ROLE, error, idParam, ok } from '../../core/openapi-shapes';
import { ZSuccessResponse } from './sessions-docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/user/sessions/{id}',
  operationId: 'revokeUserSession',
  tags: ['User'],
  summary: 'Revoke one of your sessions',
  description: `${ANY_ROLE} Revokes one of the signed-in user's own live sessions: its JWT is refused from then on. Revoking the current session signs you out (the \`vault_session\` cookie is cleared). Another user's session is 404 like an unknown one. Every attempt is audited (\`auth.session_revoke\`).`,
  auth: sessionAuth(),
  request: { params: idParam('Session') },
  responses: { 200: ok('Revoked.', ZSuccessResponse), 404: error('`Session not found` (unknown, not live, or another user\'s).') },
  handler: async (call) => {
    const id = call.params.id ?? '';
    return auditedAttempt(call, 'auth.session_revoke', { resource: isUuid(id) ? `session:${id}` : null }, async () => {
      await revokeUserSession(call.runtime, { userId: call.user.id, sessionId: id });
      const signedOut = id.toLowerCase() === call.session.sessionId.toLowerCase();
      return call.json(200, { success: true }, signedOut ? { 'set-cookie': clearedSessionCookie(call.runtime.config.APP_URL) } : undefined);
    });
  },
});
