// GET /auth/mfa/status — MFA status (handler: lib/api/auth/mfa-status).
export { GET } from '../../../../lib/api/auth/mfa-status';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
