// POST /auth/login — email and password → a session, or the MFA / expired-password step (handler: lib/api/auth/login).
export { POST } from '../../../lib/api/auth/login';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
