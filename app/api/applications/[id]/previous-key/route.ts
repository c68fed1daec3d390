// DELETE /api/applications/{id}/previous-key (definition: lib/api/applications/end-application-grace.ts)
export { DELETE } from '@/lib/api/applications/end-application-grace';
