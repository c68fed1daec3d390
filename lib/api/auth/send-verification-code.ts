// POST /auth/send-verification-code — mail a 6-digit code (10 minutes, 5 tries) to start a registration.
import { limitLoginAttempt } from '../../auth/login-limits';
import { sendVerificationCode } from '../../auth/email-verification';
import { ZSendVerificationCodeRequestSchema } from '../../auth/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const { email } = ZSendVerificationCodeRequestSchema.parse(parseJsonRequest(call.request, call.body));
  await limitLoginAttempt(call.runtime, { ip: call.ip, account: email });
  await sendVerificationCode(call.runtime, email);
  return call.json(200, { success: true, message: 'Verification code sent', expires_in_seconds: 600 });
});
