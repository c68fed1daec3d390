// POST /auth/login (definition: lib/api/auth-endpoints/login.ts)
export { POST } from '@/lib/api/auth-endpoints/login';
