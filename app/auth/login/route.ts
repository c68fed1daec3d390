// POST /auth/login (definition: lib/api/auth/login.ts)
export { POST } from '@/lib/api/auth/login';
