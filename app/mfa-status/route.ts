// GET /mfa-status — MFA status (root path) (handler: lib/api/auth/mfa-status).
export { GET } from '../../lib/api/auth/mfa-status';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
