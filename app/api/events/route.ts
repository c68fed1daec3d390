// GET /api/events (definition: lib/api/events/)
export { GET } from '@/lib/api/events/list-events';
