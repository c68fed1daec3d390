// POST /auth/login — email and password → a session (JWT + cookie), or the MFA / expired-password step.
import { signInWithPassword } from '../../auth/sign-in';
import { ZLoginRequestSchema } from '../../auth/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { sessionResponse } from '../../http/session-response';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZLoginRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const result = await signInWithPassword(call.runtime, input, call.origin);
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
});
