// POST /auth/forgot-password — mails a single-use reset link valid 1 hour; always the same 200 answer.
import { recordAudit } from '../../audit/record-audit';
import { limitLoginAttempt } from '../../auth/login-limits';
import { FORGOT_PASSWORD_TTL_SECONDS, issueResetToken, passwordLink } from '../../auth/reset-tokens';
import { ZForgotPasswordRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { publicAuth } from '../../http/session-route';
import { json, message } from '../../openapi/shared';
import { LIMITS, rateLimited } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/forgot-password',
  operationId: 'forgotPassword',
  tags: ['Auth'],
  summary: 'Mail a password reset link',
  description: `The link is single-use and valid 1 hour. Always the same 200, whether or not the email is registered. ${LIMITS}`,
  auth: publicAuth(),
  request: { body: json(ZForgotPasswordRequestSchema) },
  responses: { 200: message('`If this email is registered, a reset link has been sent`.'), ...rateLimited },
  handler: async (call) => {
    const { email } = call.input.body();
    await limitLoginAttempt(call.runtime, { ip: call.ip, account: email });
    const user = await call.runtime.db.prisma.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true, email: true, accountId: true } });
    if (user) {
      const { token } = await issueResetToken(call.runtime, { userId: user.id, purpose: 'forgot', ttlSeconds: FORGOT_PASSWORD_TTL_SECONDS });
      const link = passwordLink(call.runtime.config.APP_URL, token);
      await call.runtime.mailer.send({
        to: user.email,
        subject: 'Reset your Vault password',
        text: `Someone asked to reset the password of your Vault account.\n\nSet a new password within 1 hour: ${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      });
      await recordAudit(call.runtime, { action: 'auth.forgot_password', outcome: 'success', statusCode: 200, requestId: call.requestId, accountId: user.accountId, userId: user.id, ip: call.ip });
    }
    return call.json(200, { success: true, message: 'If this email is registered, a reset link has been sent' });
  },
});
