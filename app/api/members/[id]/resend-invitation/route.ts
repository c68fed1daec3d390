// POST /api/members/{id}/resend-invitation (definition: lib/api/members/resend-invitation.ts)
export { POST } from '@/lib/api/members/resend-invitation';
