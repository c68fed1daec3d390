// POST /auth/forgot-password (definition: lib/api/auth/forgot-password.ts)
export { POST } from '@/lib/api/auth/forgot-password';
