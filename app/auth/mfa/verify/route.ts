// POST /auth/mfa/verify — the TOTP step of a login (handler: lib/api/auth/mfa-verify).
export { POST } from '../../../../lib/api/auth/mfa-verify';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
