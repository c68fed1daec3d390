// GET /auth/verify (definition: lib/api/auth-endpoints/verify.ts)
export { GET } from '@/lib/api/auth-endpoints/verify';
