// POST /api/imports/{id}/cancel (definition: lib/api/imports/)
export { POST } from '@/lib/api/imports/cancel-import';
