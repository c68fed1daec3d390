// POST /auth/reset-password — a new password from a mailed link (single use); every session ends. MFA is
// untouched: the next login still asks for the code.
import { recordAudit } from '../../audit/record-audit';
import { resetPasswordWithToken } from '../../auth/reset-password-with-token';
import { MAILED_PURPOSES } from '../../auth/reset-tokens';
import { ZResetPasswordRequestSchema } from '../../auth/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZResetPasswordRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const userId = await resetPasswordWithToken(call.runtime, { token: input.token, purposes: MAILED_PURPOSES, newPassword: input.new_password });
  await recordAudit(call.runtime, { action: 'auth.reset_password', outcome: 'success', statusCode: 200, requestId: call.requestId, userId, ip: call.ip });
  return call.json(200, { success: true, message: 'Password has been reset' });
});
