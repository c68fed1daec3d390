// POST /auth/mfa/disable — turn MFA off with a current TOTP code.
import { recordAudit } from '../../audit/record-audit';
import { ZMfaCodeRequestSchema } from '../../auth/schemas';
import { disableMfa } from '../../mfa/manage-mfa';
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute } from '../../http/session-route';

export const POST = sessionRoute({}, async (call) => {
  const { code } = ZMfaCodeRequestSchema.parse(parseJsonRequest(call.request, call.body));
  await disableMfa(call.runtime, { userId: call.user.id, code });
  await recordAudit(call.runtime, { action: 'mfa.disable', outcome: 'success', statusCode: 200, requestId: call.requestId, userId: call.user.id, ip: call.ip });
  return call.json(200, { success: true, enabled: false, message: 'MFA disabled' });
});
