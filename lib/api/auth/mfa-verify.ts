// POST /auth/mfa/verify — the second step of a login with MFA: the TOTP code and the login's mfa_token.
import { checkTotpCode } from '../../mfa/manage-mfa';
import { mfaStepRoute } from './mfa-step-route';

export const POST = mfaStepRoute('auth.mfa_verify', (call, options) => checkTotpCode(call.runtime, options));
