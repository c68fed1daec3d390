// POST /auth/mfa/verify (definition: lib/api/auth-endpoints/verify-mfa-code.ts)
export { POST } from '@/lib/api/auth-endpoints/verify-mfa-code';
