// GET /auth/mfa/status and GET /mfa-status — whether MFA is on and how many backup codes are left.
import { mfaStatus } from '../../mfa/manage-mfa';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({}, async (call) => call.json(200, { success: true, ...(await mfaStatus(call.runtime, call.user.id)) }));
