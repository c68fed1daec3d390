// POST /auth/forgot-password (definition: lib/api/auth-endpoints/forgot-password.ts)
export { POST } from '@/lib/api/auth-endpoints/forgot-password';
