// GET, PATCH, DELETE /api/tokens/{token} (definitions: lib/api/tokens/)
export { GET } from '@/lib/api/tokens/get-token';
export { PATCH } from '@/lib/api/tokens/update-token';
export { DELETE } from '@/lib/api/tokens/delete-token';
