// GET, POST /api/members (definitions: lib/api/members/)
export { GET } from '@/lib/api/members/list-members';
export { POST } from '@/lib/api/members/invite-member';
