// DELETE /api/user/sessions/{id} (definition: lib/api/user/revoke-user-session.ts)
export { DELETE } from '@/lib/api/user/revoke-user-session';
