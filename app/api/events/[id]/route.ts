// GET /api/events/{id} (definition: lib/api/events/)
export { GET } from '@/lib/api/events/get-event';
