// GET, DELETE /api/tokens/{token} (definitions: lib/api/tokens/)
export { GET } from '@/lib/api/tokens/get-token';
export { DELETE } from '@/lib/api/tokens/delete-token';
