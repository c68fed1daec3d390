// POST /auth/mfa/disable — turn MFA off with a code (handler: lib/api/auth/mfa-disable).
export { POST } from '../../../../lib/api/auth/mfa-disable';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
