// The two second-factor doors of a login (TOTP code, backup code) share everything but the factor: their
// documentation, request and responses, and the handler. Each door is still its own definition
// (verify-mfa-code.ts, verify-mfa-backup-code.ts), naming its method, path and operationId.
import { signInWithSecondFactor, type SecondFactor } from '../../auth/sign-in';
import { ZMfaVerifyRequestSchema, ZSessionResponse } from '../../auth/schemas';
import type { TypedCall } from '../../http/define-route';
import { sessionResponse } from '../auth/session-response';
import { publicAuth, type PublicCall } from '../auth/session-route';
import { error, json, ok } from '../../core/openapi-shapes';
import { LIMITS, rateLimited, retryAfter, sessionCookieHeader } from './docs';

const request = { body: json(ZMfaVerifyRequestSchema) };
const responses = {
  200: { ...ok('Signed in.', ZSessionResponse), headers: sessionCookieHeader },
  401: { ...error('Wrong code (`Invalid MFA code`; also while the account is locked, with `Retry-After`), or an invalid, expired or already used `mfa_token` (`Invalid or expired token`).'), headers: retryAfter },
  ...rateLimited,
};

/** Everything of a second-factor door but its method, path and operationId; `kind` names the factor in the docs. */
export function mfaStep(factor: SecondFactor, kind: string) {
  return {
    tags: ['Auth'],
    summary: `Second login step: ${kind}`,
    description: `With the \`mfa_token\` a login answered (valid 5 minutes, for one completed login; a password change or reset voids it). Answers a session like a login. A wrong code counts towards the account lockout (10 consecutive failures, passwords included, lock the account for 30 minutes; a correct code clears the count); while locked, every code is refused with \`Retry-After\`. ${LIMITS}`,
    auth: publicAuth(),
    request,
    responses,
    handler: async (call: TypedCall<PublicCall, typeof request, typeof responses>) => {
      const input = call.input.body();
      const session = await signInWithSecondFactor(call.runtime, { mfaToken: input.mfa_token, code: input.code, factor }, call.origin);
      return sessionResponse(call, session);
    },
  };
}
