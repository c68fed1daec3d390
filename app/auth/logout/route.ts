// POST /auth/logout (definition: lib/api/auth-endpoints/logout.ts)
export { POST } from '@/lib/api/auth-endpoints/logout';
