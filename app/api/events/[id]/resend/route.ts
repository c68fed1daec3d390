// POST /api/events/{id}/resend (definition: lib/api/events/)
export { POST } from '@/lib/api/events/resend-event';
