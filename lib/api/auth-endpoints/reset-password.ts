// POST /auth/reset-password — a new password from a mailed link (single use); every session ends. MFA is
// untouched: the next login still asks for the code.
import { recordAudit } from '../../audit/record-audit';
import { resetPasswordWithToken } from '../../auth/reset-password-with-token';
import { MAILED_PURPOSES } from '../../auth/reset-tokens';
import { ZResetPasswordRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../auth/session-route';
import { error, json, message } from '../../core/openapi-shapes';
import { passwordRejected } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/reset-password',
  operationId: 'resetPassword',
  tags: ['Auth'],
  summary: 'Set a new password from a reset link',
  description: 'The token is single-use; every session of the user ends. MFA stays as it was.',
  auth: publicAuth(),
  request: { body: json(ZResetPasswordRequestSchema) },
  responses: {
    200: message('`Password has been reset`.'),
    400: error(`\`validation_error\`, \`invalid_json\`, \`invalid_token\`, ${passwordRejected}.`),
  },
  handler: async (call) => {
    const input = call.input.body();
    const { userId, accountId } = await resetPasswordWithToken(call.runtime, { token: input.token, purposes: MAILED_PURPOSES, newPassword: input.new_password });
    await recordAudit(call.runtime, { action: 'auth.reset_password', outcome: 'success', statusCode: 200, requestId: call.requestId, accountId, userId, ip: call.ip });
    return call.json(200, { success: true, message: 'Password has been reset' });
  },
});
