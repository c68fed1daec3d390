// POST /auth/mfa/disable — turn MFA off with a current TOTP code. Every attempt is audited; codes count
// against the login and MFA attempt limits. POST /user/settings/mfa {enable:false, code} is the same act.
import { limitLoginAttempt } from '../../auth/login-limits';
import { ZMfaCodeRequestSchema } from '../../auth/schemas';
import { auditedAttempt } from '../../http/audited-attempt';
import { disableMfa } from '../../mfa/manage-mfa';
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute, type SessionCall } from '../../http/session-route';

export const POST = sessionRoute({}, async (call) => {
  const { code } = ZMfaCodeRequestSchema.parse(parseJsonRequest(call.request, call.body));
  return disableMfaAttempt(call, code);
});

export function disableMfaAttempt(call: SessionCall, code: string): Promise<Response> {
  return auditedAttempt(call, 'mfa.disable', { resource: `user:${call.user.id}` }, async () => {
    await limitLoginAttempt(call.runtime, { ip: call.ip, account: call.user.id });
    await disableMfa(call.runtime, { userId: call.user.id, code });
    return call.json(200, { success: true, enabled: false, message: 'MFA disabled' });
  });
}
