// GET /auth/verify (definition: lib/api/auth/verify.ts)
export { GET } from '@/lib/api/auth/verify';
