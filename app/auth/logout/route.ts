// POST /auth/logout (definition: lib/api/auth/logout.ts)
export { POST } from '@/lib/api/auth/logout';
