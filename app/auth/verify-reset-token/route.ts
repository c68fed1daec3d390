// GET /auth/verify-reset-token — whether a reset link can still be used (handler: lib/api/auth/verify-reset-token).
export { GET } from '../../../lib/api/auth/verify-reset-token';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
