// PUT, DELETE /api/members/{id} (definitions: lib/api/members/)
export { PUT } from '@/lib/api/members/update-member';
export { DELETE } from '@/lib/api/members/remove-member';
