// GET /api/exports/{id} (definitions: lib/api/exports/)
export { GET } from '@/lib/api/exports/get-export';
