// POST /auth/mfa/verify (definition: lib/api/auth/verify-mfa-code.ts)
export { POST } from '@/lib/api/auth/verify-mfa-code';
