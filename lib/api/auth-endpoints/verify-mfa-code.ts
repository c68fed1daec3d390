// POST /auth/mfa/verify — the second step of a login with MFA: the TOTP code and the login's mfa_token.
import { defineRoute } from '../../http/define-route';
import { mfaStep } from './mfa-step-route';

export const POST = defineRoute({ method: 'POST', path: '/auth/mfa/verify', operationId: 'verifyMfaCode', ...mfaStep('totp', 'a TOTP code') });
