// POST /auth/logout — revoke the current session server-side (its JWT stops working) and clear the cookie.
import { recordAudit } from '../../audit/record-audit';
import { revokeSession } from '../../auth/sessions';
import { clearedSessionCookie } from '../../http/session-cookie';
import { sessionRoute } from '../../http/session-route';

export const POST = sessionRoute({}, async (call) => {
  await revokeSession(call.runtime, call.session.sessionId);
  await recordAudit(call.runtime, { action: 'auth.logout', outcome: 'success', statusCode: 200, requestId: call.requestId, userId: call.user.id, ip: call.ip });
  return call.json(200, { success: true, message: 'Logged out' }, { 'set-cookie': clearedSessionCookie(call.runtime.config.APP_URL) });
});
