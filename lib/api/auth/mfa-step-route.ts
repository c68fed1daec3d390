// The two second-factor doors of a login (TOTP code, backup code) share everything but the check.
import { recordAudit } from '../../audit/record-audit';
import { completeMfaLogin } from '../../auth/complete-mfa-login';
import { limitLoginAttempt } from '../../auth/login-limits';
import { ZMfaVerifyRequestSchema } from '../../auth/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { sessionResponse } from '../../http/session-response';
import { publicRoute, type PublicCall } from '../../http/session-route';

export function mfaStepRoute(action: string, check: (call: PublicCall, options: { userId: string; code: string }) => Promise<void>) {
  return publicRoute(async (call) => {
    const input = ZMfaVerifyRequestSchema.parse(parseJsonRequest(call.request, call.body));
    const session = await completeMfaLogin(call, input.mfa_token, async (userId) => {
      await limitLoginAttempt(call.runtime, { ip: call.ip, account: userId });
      await check(call, { userId, code: input.code });
    });
    await recordAudit(call.runtime, { action, outcome: 'success', statusCode: 200, requestId: call.requestId, userId: session.user.id, ip: call.ip });
    return sessionResponse(call, session);
  });
}
