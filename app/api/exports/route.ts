// GET, POST /api/exports (definitions: lib/api/exports/)
export { GET } from '@/lib/api/exports/list-exports';
export { POST } from '@/lib/api/exports/create-export';
