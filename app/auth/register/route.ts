// POST /auth/register — a new account with its owner and test project (handler: lib/api/auth/register).
export { POST } from '../../../lib/api/auth/register';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
