// POST /auth/mfa/verify-backup — the second step of a login with MFA, with a one-time backup code.
import { mfaStepRoute } from './mfa-step-route';

export const POST = mfaStepRoute('backup');
