// POST /auth/change-password — the signed-in user's new password; their other sessions end.
import { recordAudit } from '../../audit/record-audit';
import { verifyPassword } from '../../auth/passwords';
import { ZChangePasswordRequestSchema } from '../../auth/schemas';
import { revokeUserSessions } from '../../auth/sessions';
import { setPassword } from '../../auth/set-password';
import { defineRoute } from '../../http/define-route';
import { VaultError } from '../../http/errors';
import { sessionAuth } from '../../http/session-route';
import { error, json, message } from '../../openapi/shared';
import { passwordRejected } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/change-password',
  operationId: 'changePassword',
  tags: ['Auth'],
  summary: 'Change the signed-in user\'s password',
  description: 'Needs the current password; the user\'s other sessions end.',
  auth: sessionAuth(),
  request: { body: json(ZChangePasswordRequestSchema) },
  responses: {
    200: message('`Password changed`.'),
    400: error(`\`validation_error\`, \`invalid_json\`, ${passwordRejected}.`),
    401: error('`Current password is incorrect`, or no valid session.'),
  },
  handler: async (call) => {
    const input = call.input.body();
    const { passwordHash } = await call.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: call.user.id }, select: { passwordHash: true } });
    if (!(await verifyPassword(passwordHash, input.current_password))) {
      throw new VaultError('invalid_credentials', 'Current password is incorrect', [{ path: 'current_password', message: 'Current password is incorrect' }]);
    }
    await setPassword(call.runtime, { userId: call.user.id, newPassword: input.new_password });
    await revokeUserSessions(call.runtime, call.user.id, call.session.sessionId);
    await recordAudit(call.runtime, { action: 'auth.change_password', outcome: 'success', statusCode: 200, requestId: call.requestId, accountId: call.user.accountId, userId: call.user.id, ip: call.ip });
    return call.json(200, { success: true, message: 'Password changed' });
  },
});
