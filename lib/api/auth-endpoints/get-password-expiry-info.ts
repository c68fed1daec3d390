// GET /auth/password-expiry-info — when the signed-in user's password expires (never while MFA is on).
import { passwordExpiry } from '../../auth/password-expiry';
import { ZPasswordExpiryResponse } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ok } from '../../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/auth/password-expiry-info',
  operationId: 'getPasswordExpiryInfo',
  tags: ['Auth'],
  summary: 'When the signed-in user\'s password expires',
  description: 'Passwords expire after 90 days unless MFA is on (then `applies` is false).',
  auth: sessionAuth(),
  responses: { 200: ok('Expiry information.', ZPasswordExpiryResponse) },
  handler: async (call) => {
    const { passwordChangedAt } = await call.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: call.user.id }, select: { passwordChangedAt: true } });
    return call.json(200, { success: true, ...passwordExpiry({ passwordChangedAt, mfaEnabled: call.user.mfaEnabled }) });
  },
});
