// POST /auth/mfa/verify-backup — the backup-code step of a login (handler: lib/api/auth/mfa-verify-backup).
export { POST } from '../../../../lib/api/auth/mfa-verify-backup';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
