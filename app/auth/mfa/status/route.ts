// GET /auth/mfa/status (definition: lib/api/auth/get-mfa-status.ts)
export { GET } from '@/lib/api/auth/get-mfa-status';
