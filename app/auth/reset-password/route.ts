// POST /auth/reset-password — a new password from a mailed link (handler: lib/api/auth/reset-password).
export { POST } from '../../../lib/api/auth/reset-password';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
