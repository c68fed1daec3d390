// GET, PUT, DELETE /api/merchants/{id} (definitions: lib/api/merchants/)
export { GET } from '@/lib/api/merchants/get-merchant';
export { PUT } from '@/lib/api/merchants/update-merchant';
export { DELETE } from '@/lib/api/merchants/delete-merchant';
