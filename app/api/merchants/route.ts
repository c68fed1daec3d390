// GET, POST /api/merchants (definitions: lib/api/merchants/)
export { GET } from '@/lib/api/merchants/list-merchants';
export { POST } from '@/lib/api/merchants/create-merchant';
