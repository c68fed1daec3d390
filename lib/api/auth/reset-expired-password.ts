// POST /auth/reset-expired-password — after a login answered `password_expired`: the login's reset token
// (single use, 1 hour), the current password and a new one. Every session of the user ends.
import { recordAudit } from '../../audit/record-audit';
import { verifyPassword } from '../../auth/passwords';
import { consumeResetTokenOrThrow, findResetTokenOrThrow } from '../../auth/reset-tokens';
import { ZResetExpiredPasswordRequestSchema } from '../../auth/schemas';
import { revokeUserSessions } from '../../auth/sessions';
import { assertPasswordAcceptable, setPassword } from '../../auth/set-password';
import { VaultError, messages } from '../../http/errors';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

const EXPIRED: ['expired'] = ['expired'];

export const POST = publicRoute(async (call) => {
  const input = ZResetExpiredPasswordRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const { userId } = await findResetTokenOrThrow(call.runtime, input.token, EXPIRED).catch(toUnauthorized);
  const { passwordHash } = await call.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, input.current_password))) throw new VaultError('invalid_credentials', messages.invalidCredentials);
  await assertPasswordAcceptable(call.runtime, { userId, newPassword: input.new_password });
  await consumeResetTokenOrThrow(call.runtime, input.token, EXPIRED).catch(toUnauthorized);
  await setPassword(call.runtime, { userId, newPassword: input.new_password });
  await revokeUserSessions(call.runtime, userId);
  await recordAudit(call.runtime, { action: 'auth.reset_expired_password', outcome: 'success', statusCode: 200, requestId: call.requestId, userId, ip: call.ip });
  return call.json(200, { success: true, message: 'Password changed; sign in with the new password' });
});

/** This door answers a bad, used or expired token as the login flow does: 401. */
function toUnauthorized(error: unknown): never {
  if (error instanceof VaultError && error.code === 'invalid_token') throw new VaultError('unauthorized', messages.invalidToken);
  throw error;
}
