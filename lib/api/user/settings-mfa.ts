// POST /user/settings/mfa — {enable:true} starts setup (totp_uri, qr_code, backup_codes); {enable:true, code}
// confirms it; {enable:false, code} turns MFA off (as POST /auth/mfa/disable). Every attempt is audited;
// codes count against the login and MFA attempt limits.
import { limitLoginAttempt } from '../../auth/login-limits';
import { ZMfaSettingsRequestSchema } from '../../auth/schemas';
import { auditedAttempt } from '../../http/audited-attempt';
import { VaultError } from '../../http/errors';
import { confirmMfaSetup, startMfaSetup } from '../../mfa/manage-mfa';
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute } from '../../http/session-route';
import { disableMfaAttempt } from '../auth/mfa-disable';

export const POST = sessionRoute({}, async (call) => {
  const input = ZMfaSettingsRequestSchema.parse(parseJsonRequest(call.request, call.body));
  if (!input.enable && input.code) return disableMfaAttempt(call, input.code);
  const action = !input.enable ? 'mfa.disable' : input.code ? 'mfa.enable' : 'mfa.setup_start';
  return auditedAttempt(call, action, { resource: `user:${call.user.id}` }, async () => {
    if (!input.code) {
      if (!input.enable) throw VaultError.validation([{ path: 'code', message: 'code is required to turn MFA off' }]);
      if (call.user.mfaEnabled) throw new VaultError('conflict', 'MFA is already enabled');
      const setup = await startMfaSetup(call.runtime, { userId: call.user.id, email: call.user.email });
      return call.json(200, { success: true, enabled: false, pending: true, ...setup });
    }
    await limitLoginAttempt(call.runtime, { ip: call.ip, account: call.user.id });
    await confirmMfaSetup(call.runtime, { userId: call.user.id, code: input.code });
    return call.json(200, { success: true, enabled: true, message: 'MFA enabled' });
  });
});
