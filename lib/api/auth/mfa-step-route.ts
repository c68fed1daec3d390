// The two second-factor doors of a login (TOTP code, backup code) share everything but the factor.
import { signInWithSecondFactor, type SecondFactor } from '../../auth/sign-in';
import { ZMfaVerifyRequestSchema } from '../../auth/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { sessionResponse } from '../../http/session-response';
import { publicRoute } from '../../http/session-route';

export function mfaStepRoute(factor: SecondFactor) {
  return publicRoute(async (call) => {
    const input = ZMfaVerifyRequestSchema.parse(parseJsonRequest(call.request, call.body));
    const session = await signInWithSecondFactor(call.runtime, { mfaToken: input.mfa_token, code: input.code, factor }, call.origin);
    return sessionResponse(call, session);
  });
}
