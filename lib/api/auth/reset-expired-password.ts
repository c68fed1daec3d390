// POST /auth/reset-expired-password — after a login answered `password_expired`: the login's reset token
// (single use, 1 hour), the current password and a new one. Every session of the user ends.
import { recordAudit } from '../../audit/record-audit';
import { resetPasswordWithToken } from '../../auth/reset-password-with-token';
import { ZResetExpiredPasswordRequestSchema } from '../../auth/schemas';
import { VaultError, messages } from '../../http/errors';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZResetExpiredPasswordRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const userId = await resetPasswordWithToken(call.runtime, {
    token: input.token,
    purposes: ['expired'],
    newPassword: input.new_password,
    currentPassword: input.current_password,
  }).catch(toUnauthorized);
  await recordAudit(call.runtime, { action: 'auth.reset_expired_password', outcome: 'success', statusCode: 200, requestId: call.requestId, userId, ip: call.ip });
  return call.json(200, { success: true, message: 'Password changed; sign in with the new password' });
});

/** This door answers a bad, used or expired token as the login flow does: 401. */
function toUnauthorized(error: unknown): never {
  if (error instanceof VaultError && error.code === 'invalid_token') throw new VaultError('unauthorized', messages.invalidToken);
  throw error;
}
