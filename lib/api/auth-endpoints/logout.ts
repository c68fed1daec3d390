// POST /auth/logout — revoke the current session server-side (its JWT stops working) and clear the cookie.
import { recordAudit } from '../../audit/record-audit';
import { revokeSession } from '../../auth/sessions';
import { defineRoute } from '../../http/define-route';
import { clearedSessionCookie } from '../../http/session-cookie';
import { sessionAuth } from '../auth/session-route';
import { message } from '../../core/openapi-shapes';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/logout',
  operationId: 'logout',
  tags: ['Auth'],
  summary: 'Sign out',
  description: 'Revokes the current session server-side (its JWT stops working) and clears the `vault_session` cookie.',
  auth: sessionAuth({ openDuringMfaEnrolment: true }),
  responses: { 200: message('`Logged out`.') },
  handler: async (call) => {
    await revokeSession(call.runtime, call.session.sessionId);
    await recordAudit(call.runtime, { action: 'auth.logout', outcome: 'success', statusCode: 200, requestId: call.requestId, accountId: call.user.accountId, userId: call.user.id, ip: call.ip });
    return call.json(200, { success: true, message: 'Logged out' }, { 'set-cookie': clearedSessionCookie(call.runtime.config.APP_URL) });
  },
});
