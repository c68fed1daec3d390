// GET /auth/verify — the current session's user, or 401.
import { publicUser } from '../../auth/login';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({}, async (call) =>
  call.json(200, { success: true, user: publicUser(call.user), expires_at: call.session.expiresAt.toISOString() }),
);
