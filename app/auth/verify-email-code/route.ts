// POST /auth/verify-email-code (definition: lib/api/auth/verify-email-code.ts)
export { POST } from '@/lib/api/auth/verify-email-code';
