// GET /api/imports/{id} (definition: lib/api/imports/)
export { GET } from '@/lib/api/imports/get-import';
