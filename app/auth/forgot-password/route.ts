// POST /auth/forgot-password — mail a single-use reset link (handler: lib/api/auth/forgot-password).
export { POST } from '../../../lib/api/auth/forgot-password';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
