// POST /auth/change-password (definition: lib/api/auth/change-password.ts)
export { POST } from '@/lib/api/auth/change-password';
