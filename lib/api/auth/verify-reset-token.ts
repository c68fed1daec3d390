// GET /auth/verify-reset-token?token= — whether a mailed reset or invitation link can still be used.
import { MAILED_PURPOSES, findResetTokenOrThrow } from '../../auth/reset-tokens';
import { VaultError, messages } from '../../http/errors';
import { publicRoute } from '../../http/session-route';

export const GET = publicRoute(async (call) => {
  const token = new URL(call.request.url).searchParams.get('token');
  if (!token) throw new VaultError('invalid_token', messages.invalidToken, [{ path: 'token', message: 'token is required' }]);
  const row = await findResetTokenOrThrow(call.runtime, token, MAILED_PURPOSES);
  return call.json(200, { success: true, valid: true, purpose: row.purpose, expires_at: row.expiresAt.toISOString() });
});
