// GET /api/members — list the account's users; POST /api/members — invite one (handlers: lib/api/members/members).
export { GET, POST } from '../../../lib/api/members/members';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
