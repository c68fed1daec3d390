// GET, POST /api/imports (definitions: lib/api/imports/)
export { GET } from '@/lib/api/imports/list-imports';
export { POST } from '@/lib/api/imports/create-import';
