// POST /auth/send-verification-code (definition: lib/api/auth-endpoints/send-verification-code.ts)
export { POST } from '@/lib/api/auth-endpoints/send-verification-code';
