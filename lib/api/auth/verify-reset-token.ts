// GET /auth/verify-reset-token?token= — whether a mailed reset or invitation link can still be used.
import { z } from 'zod';
import { MAILED_PURPOSES, findResetTokenOrThrow } from '../../auth/reset-tokens';
import { defineRoute } from '../../http/define-route';
import { VaultError, messages } from '../../http/errors';
import { publicAuth } from '../../http/session-route';
import { error, flatResponse, ok } from '../../openapi/shared';

const ZResetTokenQuery = z.object({ token: z.string().meta({ description: 'The token from the mailed link.' }) });

const ZResetTokenValidResponse = flatResponse('ResetTokenValidResponse', {
  valid: z.literal(true),
  purpose: z.enum(MAILED_PURPOSES).meta({ description: '`forgot` (a reset link) or `invite` (an invitation to an account).' }),
  expires_at: z.iso.datetime(),
});

export const GET = defineRoute({
  method: 'GET',
  path: '/auth/verify-reset-token',
  operationId: 'verifyResetToken',
  tags: ['Auth'],
  summary: 'Check a reset link\'s token',
  auth: publicAuth(),
  request: { query: ZResetTokenQuery },
  responses: {
    200: ok('The token can be used.', ZResetTokenValidResponse),
    400: error('`invalid_token`: missing, unknown, used or expired.'),
  },
  handler: async (call) => {
    // Read by hand, not call.input.query(): a missing or empty token answers `invalid_token`, not `validation_error`.
    const token = new URL(call.request.url).searchParams.get('token');
    if (!token) throw new VaultError('invalid_token', messages.invalidToken, [{ path: 'token', message: 'token is required' }]);
    const row = await findResetTokenOrThrow(call.runtime, token, MAILED_PURPOSES);
    return call.json(200, { success: true, valid: true, purpose: row.purpose, expires_at: row.expiresAt.toISOString() });
  },
});
