// POST /auth/mfa/verify — the second step of a login with MFA: the TOTP code and the login's mfa_token.
import { mfaStepRoute } from './mfa-step-route';

export const POST = mfaStepRoute('totp');
