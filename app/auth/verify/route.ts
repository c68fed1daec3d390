// GET /auth/verify — the current session's user, or 401 (handler: lib/api/auth/verify).
export { GET } from '../../../lib/api/auth/verify';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
