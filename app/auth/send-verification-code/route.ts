// POST /auth/send-verification-code — mail a 6-digit code to start a registration (handler: lib/api/auth/send-verification-code).
export { POST } from '../../../lib/api/auth/send-verification-code';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
