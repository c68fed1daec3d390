// POST /auth/verify-email-code — the mailed code → a single-use registration ticket.
import { limitLoginAttempt } from '../../auth/login-limits';
import { verifyEmailCode } from '../../auth/email-verification';
import { ZVerifyEmailCodeRequestSchema } from '../../auth/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { publicRoute } from '../../http/session-route';

export const POST = publicRoute(async (call) => {
  const input = ZVerifyEmailCodeRequestSchema.parse(parseJsonRequest(call.request, call.body));
  await limitLoginAttempt(call.runtime, { ip: call.ip, account: input.email });
  const ticket = await verifyEmailCode(call.runtime, input);
  return call.json(200, { success: true, verified: true, ticket, expires_in_seconds: 1800 });
});
