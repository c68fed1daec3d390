// GET /api/imports/{id}/mapping (definition: lib/api/imports/)
export { GET } from '@/lib/api/imports/get-import-mapping';
