// POST /auth/mfa/verify-backup — the second step of a login with MFA, with a one-time backup code.
import { defineRoute } from '../../http/define-route';
import { mfaStep } from './mfa-step-route';

export const POST = defineRoute({ method: 'POST', path: '/auth/mfa/verify-backup', operationId: 'verifyMfaBackupCode', ...mfaStep('backup', 'a one-time backup code') });
