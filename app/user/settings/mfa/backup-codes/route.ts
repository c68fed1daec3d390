// POST /user/settings/mfa/backup-codes (definition: lib/api/auth-endpoints/regenerate-backup-codes.ts)
export { POST } from '@/lib/api/auth-endpoints/regenerate-backup-codes';
