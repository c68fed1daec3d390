// POST /auth/logout — revoke the current session (handler: lib/api/auth/logout).
export { POST } from '../../../lib/api/auth/logout';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
