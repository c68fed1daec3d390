// GET /auth/password-expiry-info — when the signed-in user's password expires (never while MFA is on).
import { passwordExpiry } from '../../auth/password-expiry';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({}, async (call) => {
  const { passwordChangedAt } = await call.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: call.user.id }, select: { passwordChangedAt: true } });
  return call.json(200, { success: true, ...passwordExpiry({ passwordChangedAt, mfaEnabled: call.user.mfaEnabled }) });
});
