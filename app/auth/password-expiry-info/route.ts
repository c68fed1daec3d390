// GET /auth/password-expiry-info — when the password expires (handler: lib/api/auth/password-expiry-info).
export { GET } from '../../../lib/api/auth/password-expiry-info';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
