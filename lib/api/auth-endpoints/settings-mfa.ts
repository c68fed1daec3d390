// POST /user/settings/mfa — {enable:true} starts setup (totp_uri, qr_code, backup_codes); {enable:true, code}
// confirms it; {enable:false, code} turns MFA off (as POST /auth/mfa/disable). Every attempt is audited;
// codes count against the login and MFA attempt limits.
import { limitLoginAttempt } from '../../auth/login-limits';
import { ZMfaSettingsRequestSchema, ZMfaSettingsResponse } from '../../auth/schemas';
import { auditedAttempt } from '../auth/audited-attempt';
import { defineRoute } from '../../http/define-route';
import { VaultError } from '../../core/errors';
import { sessionAuth } from '../auth/session-route';
import { confirmMfaSetup, startMfaSetup } from '../../auth/mfa/manage-mfa';
import { error, json, ok } from '../../core/openapi-shapes';
import { disableMfaAttempt, wrongMfaCode } from './disable-mfa';
import { LIMITS, rateLimited } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/user/settings/mfa',
  operationId: 'updateMfaSettings',
  tags: ['Auth'],
  summary: 'Set up, confirm or turn off MFA',
  description: `\`{enable:true}\` starts setup (answers \`totp_uri\`, \`qr_code\`, \`backup_codes\`, \`pending:true\`; 409 when MFA is already on); \`{enable:true, code}\` confirms it; \`{enable:false, code}\` turns MFA off. Every attempt is audited (\`mfa.setup_start\`, \`mfa.enable\`, \`mfa.disable\`, success or failure). A wrong code to turn MFA off counts towards the account lockout, as on POST /auth/mfa/disable. Requests with a code: ${LIMITS}`,
  auth: sessionAuth({ openDuringMfaEnrolment: true }),
  request: { body: json(ZMfaSettingsRequestSchema) },
  responses: {
    200: ok('Setup started, MFA enabled, or MFA disabled.', ZMfaSettingsResponse),
    409: error('`MFA is already enabled`, or a confirmation without a started setup.'),
    401: wrongMfaCode,
    ...rateLimited,
  },
  handler: async (call) => {
    const input = call.input.body();
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
  },
});
