// POST /auth/change-password — the signed-in user's new password (handler: lib/api/auth/change-password).
export { POST } from '../../../lib/api/auth/change-password';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
