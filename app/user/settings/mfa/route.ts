// POST /user/settings/mfa — set up, confirm or turn off MFA (handler: lib/api/user/settings-mfa).
export { POST } from '../../../../lib/api/user/settings-mfa';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
