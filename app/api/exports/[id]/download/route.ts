// GET /api/exports/{id}/download (definitions: lib/api/exports/)
export { GET } from '@/lib/api/exports/download-export';
