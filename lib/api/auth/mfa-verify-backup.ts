// POST /auth/mfa/verify-backup — the second step of a login with MFA, with a one-time backup code.
import { recordAudit } from '../../audit/record-audit';
import { limitLoginAttempt } from '../../auth/login-limits';
import { ZMfaVerifyRequestSchema } from '../../auth/schemas';
import { completeMfaLogin } from '../../auth/complete-mfa-login';
import { useBackupCode } from '../../mfa/manage-mfa';
import { parseJsonRequest } from '../../http/read-body';
import { sessionResponse } from '../../http/session-response';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZMfaVerifyRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const session = await completeMfaLogin(call, input.mfa_token, async (userId) => {
    await limitLoginAttempt(call.runtime, { ip: call.ip, account: userId });
    await useBackupCode(call.runtime, { userId, code: input.code });
  });
  await recordAudit(call.runtime, { action: 'auth.mfa_verify_backup', outcome: 'success', statusCode: 200, requestId: call.requestId, userId: session.user.id, ip: call.ip });
  return sessionResponse(call, session);
});
