// POST /auth/reset-expired-password — after a login answered `password_expired`: the login's reset token
// (single use, 1 hour), the current password and a new one. Every session of the user ends.
import { recordAudit } from '../../audit/record-audit';
import { resetPasswordWithToken } from '../../auth/reset-password-with-token';
import { ZResetExpiredPasswordRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { VaultError, messages } from '../../core/errors';
import { publicAuth } from '../auth/session-route';
import { error, json, message } from '../../core/openapi-shapes';
import { passwordRejected } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/reset-expired-password',
  operationId: 'resetExpiredPassword',
  tags: ['Auth'],
  summary: 'Replace an expired password',
  description:
    'After a login answered `password_expired`: its `reset_token` (as `token`; single use, valid 1 hour, accepted by this endpoint only), the current password and a new one. Every session of the user ends.',
  auth: publicAuth(),
  request: { body: json(ZResetExpiredPasswordRequestSchema) },
  responses: {
    200: message('`Password changed; sign in with the new password`.'),
    400: error(`\`validation_error\`, \`invalid_json\`, ${passwordRejected}.`),
    401: error('`Invalid email or password` (wrong current password) or an invalid/expired reset token.'),
  },
  handler: async (call) => {
    const input = call.input.body();
    const { userId, accountId } = await resetPasswordWithToken(call.runtime, {
      token: input.token,
      purposes: ['expired'],
      newPassword: input.new_password,
      currentPassword: input.current_password,
    }).catch(toUnauthorized);
    await recordAudit(call.runtime, { action: 'auth.reset_expired_password', outcome: 'success', statusCode: 200, requestId: call.requestId, accountId, userId, ip: call.ip });
    return call.json(200, { success: true, message: 'Password changed; sign in with the new password' });
  },
});

/** This door answers a bad, used or expired token as the login flow does: 401. */
function toUnauthorized(failure: unknown): never {
  if (failure instanceof VaultError && failure.code === 'invalid_token') throw new VaultError('unauthorized', messages.invalidToken);
  throw failure;
}
