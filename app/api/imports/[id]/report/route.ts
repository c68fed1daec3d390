// GET /api/imports/{id}/report (definition: lib/api/imports/)
export { GET } from '@/lib/api/imports/get-import-report';
