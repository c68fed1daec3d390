// POST /auth/reset-expired-password (definition: lib/api/auth-endpoints/reset-expired-password.ts)
export { POST } from '@/lib/api/auth-endpoints/reset-expired-password';
