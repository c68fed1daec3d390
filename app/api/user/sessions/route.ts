// GET, DELETE /api/user/sessions (definitions: lib/api/user/)
export { GET } from '@/lib/api/user/list-user-sessions';
export { DELETE } from '@/lib/api/user/revoke-other-sessions';
