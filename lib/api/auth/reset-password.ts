// POST /auth/reset-password — a new password from a mailed link (single use); every session ends. MFA is
// untouched: the next login still asks for the code.
import { recordAudit } from '../../audit/record-audit';
import { MAILED_PURPOSES, consumeResetTokenOrThrow, findResetTokenOrThrow } from '../../auth/reset-tokens';
import { ZResetPasswordRequestSchema } from '../../auth/schemas';
import { revokeUserSessions } from '../../auth/sessions';
import { assertPasswordAcceptable, setPassword } from '../../auth/set-password';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZResetPasswordRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const { userId } = await findResetTokenOrThrow(call.runtime, input.token, MAILED_PURPOSES);
  await assertPasswordAcceptable(call.runtime, { userId, newPassword: input.new_password });
  await consumeResetTokenOrThrow(call.runtime, input.token, MAILED_PURPOSES);
  await setPassword(call.runtime, { userId, newPassword: input.new_password });
  await revokeUserSessions(call.runtime, userId);
  await recordAudit(call.runtime, { action: 'auth.reset_password', outcome: 'success', statusCode: 200, requestId: call.requestId, userId, ip: call.ip });
  return call.json(200, { success: true, message: 'Password has been reset' });
});
