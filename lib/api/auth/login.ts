// POST /auth/login — email and password → a session (JWT + cookie), or the MFA / expired-password step.
import { limitLoginAttempt } from '../../auth/login-limits';
import { login } from '../../auth/login';
import { ZLoginRequestSchema } from '../../auth/schemas';
import { recordAudit } from '../../audit/record-audit';
import { VaultError } from '../../http/errors';
import { parseJsonRequest } from '../../http/read-body';
import { sessionResponse } from '../../http/session-response';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZLoginRequestSchema.parse(parseJsonRequest(call.request, call.body));
  await limitLoginAttempt(call.runtime, { ip: call.ip, account: input.email });
  const audit = { action: 'auth.login', requestId: call.requestId, ip: call.ip };
  let result;
  try {
    result = await login(call.runtime, { ...input, ip: call.ip, userAgent: call.request.headers.get('user-agent') });
  } catch (error) {
    if (error instanceof VaultError) await recordAudit(call.runtime, { ...audit, outcome: 'failure', statusCode: error.status });
    throw error;
  }
  await recordAudit(call.runtime, { ...audit, userId: result.user.id, outcome: 'success', statusCode: result.kind === 'password_expired' ? 403 : 200 });
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
