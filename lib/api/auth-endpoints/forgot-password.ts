// POST /auth/forgot-password — mails a single-use reset link valid 1 hour; always the same 200 answer.
import { requestPasswordReset } from '../../auth/request-password-reset';
import { ZForgotPasswordRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../auth/session-route';
import { json, message } from '../../core/openapi-shapes';
import { LIMITS, rateLimited } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/forgot-password',
  operationId: 'forgotPassword',
  tags: ['Auth'],
  summary: 'Mail a password reset link',
  description: `The link is single-use and valid 1 hour. Always the same 200, whether or not the email is registered, after the same work: the mail is queued and sent after the answer. ${LIMITS}`,
  auth: publicAuth(),
  request: { body: json(ZForgotPasswordRequestSchema) },
  responses: { 200: message('`If this email is registered, a reset link has been sent`.'), ...rateLimited },
  handler: async (call) => {
    await requestPasswordReset(call.runtime, { email: call.input.body().email, ip: call.ip, requestId: call.requestId });
    return call.json(200, { success: true, message: 'If this email is registered, a reset link has been sent' });
  },
});
