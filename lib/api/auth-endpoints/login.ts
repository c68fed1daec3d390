// POST /auth/login — email and password → a session (JWT + cookie), or the MFA / expired-password step.
import { signInWithPassword } from '../../auth/sign-in';
import { ZLoginRequestSchema, ZLoginResponse, ZPasswordExpiredResponse } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionResponse } from '../auth/session-response';
import { publicAuth } from '../auth/session-route';
import { error, json, ok } from '../../core/openapi-shapes';
import { LIMITS, rateLimited, retryAfter, sessionCookieHeader } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/login',
  operationId: 'login',
  tags: ['Auth'],
  summary: 'Sign in with email and password',
  description: [
    'Answers a session (JWT in the body and the `vault_session` HttpOnly cookie), or `mfa_required` with an `mfa_token` for POST /auth/mfa/verify, or 403 `password_expired` with a `reset_token` for POST /auth/reset-expired-password.',
    `**Rate limit:** ${LIMITS}`,
    '**Lockout:** 10 consecutive failed logins lock the account for 30 minutes. A wrong password counts, and so does a wrong TOTP or backup code (the MFA step, turning MFA off); the count is kept atomically in the database, so concurrent attempts count exactly like sequential ones. Unknown emails, wrong passwords and locked accounts all answer the same 401 `Invalid email or password` (a locked account also carries `Retry-After`).',
  ].join('\n\n'),
  auth: publicAuth(),
  request: { body: json(ZLoginRequestSchema) },
  responses: {
    200: { ...ok('Signed in, or the MFA step is required.', ZLoginResponse), headers: sessionCookieHeader },
    401: { ...error('`invalid_credentials`: `Invalid email or password` (also while locked, with `Retry-After`).'), headers: retryAfter },
    403: ok('`password_expired`: set a new password with the returned `reset_token`.', ZPasswordExpiredResponse),
    ...rateLimited,
  },
  handler: async (call) => {
    const result = await signInWithPassword(call.runtime, call.input.body(), call.origin);
    if (result.kind === 'mfa_required') return call.json(200, { success: true, mfa_required: true, mfa_token: result.mfaToken });
    if (result.kind === 'password_expired') {
      return call.json(403, {
        success: false,
        error: { code: 'password_expired', message: 'Your password has expired; set a new one' },
        password_expired: true,
        reset_token: result.resetToken,
        request_id: call.requestId,
      });
    }
    return sessionResponse(call, result);
  },
});
