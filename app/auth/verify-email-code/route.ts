// POST /auth/verify-email-code (definition: lib/api/auth-endpoints/verify-email-code.ts)
export { POST } from '@/lib/api/auth-endpoints/verify-email-code';
