// GET /auth/mfa/status (definition: lib/api/auth-endpoints/get-mfa-status.ts)
export { GET } from '@/lib/api/auth-endpoints/get-mfa-status';
