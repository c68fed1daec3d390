// POST /auth/mfa/disable — turn MFA off with a current TOTP code. Every attempt is audited; codes count
// against the login and MFA attempt limits, and a wrong code towards the account lockout (refused while
// locked). POST /user/settings/mfa {enable:false, code} is the same act (disableMfaAttempt).
import type { z } from 'zod';
import { checkCodeCountingFailures } from '../../auth/lockout';
import { limitLoginAttempt } from '../../auth/login-limits';
import { ZMfaCodeRequestSchema, ZMfaDisabledResponse } from '../../auth/schemas';
import { auditedAttempt } from '../auth/audited-attempt';
import { defineRoute } from '../../http/define-route';
import { sessionAuth, type SessionCall } from '../auth/session-route';
import { disableMfa } from '../../auth/mfa/manage-mfa';
import { error, json, ok } from '../../core/openapi-shapes';
import { LIMITS, rateLimited, retryAfter } from './docs';

/** 401 of the routes that take a TOTP code from a signed-in user. */
export const wrongMfaCode = { ...error('`Invalid MFA code` (also while the account is locked, with `Retry-After`), or no valid session (`Authentication required`).'), headers: retryAfter };

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/mfa/disable',
  operationId: 'disableMfa',
  tags: ['Auth'],
  summary: 'Turn MFA off',
  description: `Needs a current TOTP code. Every attempt is audited (\`mfa.disable\`). A wrong code counts towards the account lockout (10 consecutive failed passwords or MFA codes lock sign-in for 30 minutes); while locked, every code is refused (\`Invalid MFA code\` with \`Retry-After\`). ${LIMITS}`,
  auth: sessionAuth(),
  request: { body: json(ZMfaCodeRequestSchema) },
  responses: { 200: ok('`MFA disabled`.', ZMfaDisabledResponse), 401: wrongMfaCode, ...rateLimited },
  handler: async (call) => disableMfaAttempt(call, call.input.body().code),
});

/** A call whose 200 may be the `MFA disabled` body: this route's and POST /user/settings/mfa's. */
type DisableMfaCall = Omit<SessionCall, 'json'> & { json(status: 200, body: z.output<typeof ZMfaDisabledResponse>): Response };

export function disableMfaAttempt(call: DisableMfaCall, code: string): Promise<Response> {
  return auditedAttempt(call, 'mfa.disable', { resource: `user:${call.user.id}` }, async () => {
    await limitLoginAttempt(call.runtime, { ip: call.ip, account: call.user.id });
    await checkCodeCountingFailures(call.runtime, { userId: call.user.id }, () => disableMfa(call.runtime, { userId: call.user.id, code }));
    return call.json(200, { success: true, enabled: false, message: 'MFA disabled' });
  });
}
