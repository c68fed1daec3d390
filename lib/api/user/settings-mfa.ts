// POST /user/settings/mfa — {enable:true} starts setup (totp_uri, qr_code, backup_codes); {enable:true, code}
// confirms it; {enable:false, code} turns MFA off.
import { recordAudit } from '../../audit/record-audit';
import { ZMfaSettingsRequestSchema } from '../../auth/schemas';
import { VaultError } from '../../http/errors';
import { confirmMfaSetup, disableMfa, startMfaSetup } from '../../mfa/manage-mfa';
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute } from '../../http/session-route';

export const POST = sessionRoute({}, async (call) => {
  const input = ZMfaSettingsRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const audit = (action: string) => recordAudit(call.runtime, { action, outcome: 'success', statusCode: 200, requestId: call.requestId, userId: call.user.id, ip: call.ip });
  if (input.enable && !input.code) {
    if (call.user.mfaEnabled) throw new VaultError('conflict', 'MFA is already enabled');
    const setup = await startMfaSetup(call.runtime, { userId: call.user.id, email: call.user.email });
    await audit('mfa.setup_start');
    return call.json(200, { success: true, enabled: false, pending: true, ...setup });
  }
  if (!input.code) throw VaultError.validation([{ path: 'code', message: 'code is required to turn MFA off' }]);
  if (input.enable) {
    await confirmMfaSetup(call.runtime, { userId: call.user.id, code: input.code });
    await audit('mfa.enable');
    return call.json(200, { success: true, enabled: true, message: 'MFA enabled' });
  }
  await disableMfa(call.runtime, { userId: call.user.id, code: input.code });
  await audit('mfa.disable');
  return call.json(200, { success: true, enabled: false, message: 'MFA disabled' });
});
