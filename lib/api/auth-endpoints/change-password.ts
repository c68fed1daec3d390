// POST /auth/change-password — the signed-in user's new password; their other sessions end.
import { changePassword } from '../../auth/change-password';
import { ZChangePasswordRequestSchema } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { error, json, message } from '../../core/openapi-shapes';
import { passwordRejected } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/change-password',
  operationId: 'changePassword',
  tags: ['Auth'],
  summary: 'Change the signed-in user\'s password',
  description:
    'Needs the current password; the user\'s other sessions end. A wrong current password is audited (`auth.change_password`, failure) and counts towards the sign-in lockout (10 failures lock the account for 30 minutes); after 5 wrong ones in 15 minutes the user gets 429 `rate_limited` with Retry-After, whatever the password.',
  auth: sessionAuth(),
  request: { body: json(ZChangePasswordRequestSchema) },
  responses: {
    200: message('`Password changed`.'),
    400: error(`\`validation_error\`, \`invalid_json\`, ${passwordRejected}.`),
    401: error('`Current password is incorrect` (with Retry-After while the account is locked), or no valid session.'),
    429: error('`rate_limited`: 5 wrong current passwords in 15 minutes; Retry-After says when to try again.'),
  },
  handler: async (call) => {
    const input = call.input.body();
    await changePassword(call.runtime, {
      user: call.user,
      sessionId: call.session.sessionId,
      currentPassword: input.current_password,
      newPassword: input.new_password,
      requestId: call.requestId,
      ip: call.ip,
    });
    return call.json(200, { success: true, message: 'Password changed' });
  },
});
