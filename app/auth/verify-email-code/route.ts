// POST /auth/verify-email-code — the mailed code → a registration ticket (handler: lib/api/auth/verify-email-code).
export { POST } from '../../../lib/api/auth/verify-email-code';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
