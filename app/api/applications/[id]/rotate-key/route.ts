// POST /api/applications/{id}/rotate-key (definition: lib/api/applications/rotate-application-key.ts)
export { POST } from '@/lib/api/applications/rotate-application-key';
