// POST /auth/reset-expired-password — a new password after an expired-password login (handler: lib/api/auth/reset-expired-password).
export { POST } from '../../../lib/api/auth/reset-expired-password';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
