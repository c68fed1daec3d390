// POST /auth/mfa/verify-backup — the second step of a login with MFA, with a one-time backup code.
import { useBackupCode } from '../../mfa/manage-mfa';
import { mfaStepRoute } from './mfa-step-route';

export const POST = mfaStepRoute('auth.mfa_verify_backup', (call, options) => useBackupCode(call.runtime, options));
