// GET /auth/password-expiry-info (definition: lib/api/auth-endpoints/get-password-expiry-info.ts)
export { GET } from '@/lib/api/auth-endpoints/get-password-expiry-info';
