// POST /user/settings/mfa/backup-codes — new MFA backup codes (the earlier ones stop working), proven by
// a current TOTP code. Every attempt is audited; codes count against the login and MFA attempt limits, and
// a wrong code towards the account lockout, as when turning MFA off.
import { limitLoginAttempt } from '../../auth/login-limits';
import { ZMfaBackupCodesResponse, ZMfaCodeRequestSchema } from '../../auth/schemas';
import { auditedAttempt } from '../auth/audited-attempt';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { regenerateBackupCodes } from '../../auth/mfa/manage-mfa';
import { error, json, ok } from '../../core/openapi-shapes';
import { wrongMfaCode } from './disable-mfa';
import { LIMITS, rateLimited } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/user/settings/mfa/backup-codes',
  operationId: 'regenerateMfaBackupCodes',
  tags: ['Auth'],
  summary: 'Replace the MFA backup codes',
  description: `Needs a current TOTP code. Answers 10 new single-use backup codes, shown this once; every earlier code (used or not) stops working. 409 \`mfa_not_enabled\` while MFA is off. Every attempt is audited (\`mfa.backup_codes_regenerate\`, success or failure). A wrong code counts towards the account lockout (10 consecutive failed passwords or MFA codes lock sign-in for 30 minutes); while locked, every code is refused (\`Invalid MFA code\` with \`Retry-After\`). ${LIMITS}`,
  auth: sessionAuth(),
  request: { body: json(ZMfaCodeRequestSchema) },
  responses: {
    200: ok('New backup codes.', ZMfaBackupCodesResponse),
    401: wrongMfaCode,
    409: error('`mfa_not_enabled`: `MFA is not enabled`.'),
    ...rateLimited,
  },
  handler: async (call) => {
    const { code } = call.input.body();
    return auditedAttempt(call, 'mfa.backup_codes_regenerate', { resource: `user:${call.user.id}` }, async () => {
      await limitLoginAttempt(call.runtime, { ip: call.ip, account: call.user.id });
      const backupCodes = await regenerateBackupCodes(call.runtime, { userId: call.user.id, code });
      return call.json(200, { success: true, backup_codes: backupCodes });
    });
  },
});
