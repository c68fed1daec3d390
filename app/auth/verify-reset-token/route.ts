// GET, POST /auth/verify-reset-token (definition: lib/api/auth-endpoints/verify-reset-token.ts)
export { GET, POST } from '@/lib/api/auth-endpoints/verify-reset-token';
