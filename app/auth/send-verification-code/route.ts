// POST /auth/send-verification-code (definition: lib/api/auth/send-verification-code.ts)
export { POST } from '@/lib/api/auth/send-verification-code';
