// The answer to a completed sign-in (password, or password + MFA step): token, expiry, user, cookie.
import type { z } from 'zod';
import { publicUser } from '../../auth/login';
import type { ZSessionResponse } from '../../auth/schemas';
import type { SessionUser } from '../../auth/sessions';
import { sessionCookie } from '../../http/session-cookie';
import type { PublicCall } from './session-route';

export function sessionResponse(call: Pick<PublicCall, 'runtime'> & { json(status: 200, body: z.output<typeof ZSessionResponse>, headers: HeadersInit): Response }, session: { token: string; expiresAt: Date; user: SessionUser }): Response {
  const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
  return call.json(
    200,
    { success: true, token: session.token, expires_at: session.expiresAt.toISOString(), user: publicUser(session.user) },
    { 'set-cookie': sessionCookie(call.runtime.config.APP_URL, session.token, maxAge) },
  );
}
