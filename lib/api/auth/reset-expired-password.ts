// POST /auth/reset-expired-password — after a login answered `password_expired`: the login's reset token,
// the current password and a new one.
import { recordAudit } from '../../audit/record-audit';
import { verifyPassword } from '../../auth/passwords';
import { ZResetExpiredPasswordRequestSchema } from '../../auth/schemas';
import { revokeUserSessions, verifyStepToken } from '../../auth/sessions';
import { setPassword } from '../../auth/set-password';
import { VaultError, messages } from '../../http/errors';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZResetExpiredPasswordRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const claims = await verifyStepToken(call.runtime, input.token, 'password_reset');
  const { passwordHash } = await call.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: claims.userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, input.current_password))) throw new VaultError('invalid_credentials', messages.invalidCredentials);
  await setPassword(call.runtime, { userId: claims.userId, newPassword: input.new_password });
  await revokeUserSessions(call.runtime, claims.userId);
  await recordAudit(call.runtime, { action: 'auth.reset_expired_password', outcome: 'success', statusCode: 200, requestId: call.requestId, userId: claims.userId, ip: call.ip });
  return call.json(200, { success: true, message: 'Password changed; sign in with the new password' });
});
