// GET, POST /api/import-keys (definitions: lib/api/import-keys/)
export { GET } from '@/lib/api/import-keys/list-import-keys';
export { POST } from '@/lib/api/import-keys/create-import-key';
