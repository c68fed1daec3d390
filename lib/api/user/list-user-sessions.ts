// GET /api/user/sessions — the signed-in user's live sign-in sessions, newest activity first.
import { z } from 'zod';
import { listUserSessions } from '../../auth/list-user-sessions';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, dataResponse, ok } from '../../core/openapi-shapes';
import { ZUserSessionView } from './sessions-docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/user/sessions',
  operationId: 'listUserSessions',
  tags: ['User'],
  summary: 'List your sign-in sessions',
  description: `${ANY_ROLE} The signed-in user's own sessions that are still live (not revoked, not expired, not idle for SESSION_IDLE_TIMEOUT_SECONDS), newest activity first; \`current\` marks this request's.`,
  auth: sessionAuth(),
  responses: { 200: ok('The live sessions.', dataResponse('UserSessionList', z.array(ZUserSessionView))) },
  handler: async (call) => {
    const sessions = await listUserSessions(call.runtime, { userId: call.user.id, currentSessionId: call.session.sessionId });
    return call.json(200, { success: true, data: sessions });
  },
});
