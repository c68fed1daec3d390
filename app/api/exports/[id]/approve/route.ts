// POST /api/exports/{id}/approve (definitions: lib/api/exports/)
export { POST } from '@/lib/api/exports/approve-export';
