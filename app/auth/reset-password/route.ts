// POST /auth/reset-password (definition: lib/api/auth-endpoints/reset-password.ts)
export { POST } from '@/lib/api/auth-endpoints/reset-password';
