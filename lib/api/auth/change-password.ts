// POST /auth/change-password — the signed-in user's new password; their other sessions end.
import { recordAudit } from '../../audit/record-audit';
import { verifyPassword } from '../../auth/passwords';
import { ZChangePasswordRequestSchema } from '../../auth/schemas';
import { revokeUserSessions } from '../../auth/sessions';
import { setPassword } from '../../auth/set-password';
import { VaultError } from '../../http/errors';
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute } from '../../http/session-route';

export const POST = sessionRoute({}, async (call) => {
  const input = ZChangePasswordRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const { passwordHash } = await call.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: call.user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, input.current_password))) {
    throw new VaultError('invalid_credentials', 'Current password is incorrect', [{ path: 'current_password', message: 'Current password is incorrect' }]);
  }
  await setPassword(call.runtime, { userId: call.user.id, newPassword: input.new_password });
  await revokeUserSessions(call.runtime, call.user.id, call.session.sessionId);
  await recordAudit(call.runtime, { action: 'auth.change_password', outcome: 'success', statusCode: 200, requestId: call.requestId, userId: call.user.id, ip: call.ip });
  return call.json(200, { success: true, message: 'Password changed' });
});
