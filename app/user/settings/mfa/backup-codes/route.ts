// POST /user/settings/mfa/backup-codes (definition: lib/api/user/regenerate-backup-codes.ts)
export { POST } from '@/lib/api/user/regenerate-backup-codes';
