// POST /auth/reset-password (definition: lib/api/auth/reset-password.ts)
export { POST } from '@/lib/api/auth/reset-password';
