// PUT|DELETE /api/members/{id} — change a member's role or name, remove a member (handlers: lib/api/members/member).
export { PUT, DELETE } from '../../../../lib/api/members/member';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
