// POST /auth/reset-expired-password (definition: lib/api/auth/reset-expired-password.ts)
export { POST } from '@/lib/api/auth/reset-expired-password';
