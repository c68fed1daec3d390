// POST /auth/change-password (definition: lib/api/auth-endpoints/change-password.ts)
export { POST } from '@/lib/api/auth-endpoints/change-password';
