// GET, PUT /api/account (definitions: lib/api/account/)
export { GET } from '@/lib/api/account/get-account';
export { PUT } from '@/lib/api/account/update-account';
