// POST /auth/mfa/verify-backup (definition: lib/api/auth-endpoints/verify-mfa-backup-code.ts)
export { POST } from '@/lib/api/auth-endpoints/verify-mfa-backup-code';
