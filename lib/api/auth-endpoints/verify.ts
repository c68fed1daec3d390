// GET /auth/verify — the current session's user, or 401.
import { z } from 'zod';
import { publicUser } from '../../auth/login';
import { ZPublicUser } from '../../auth/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { flatResponse, ok } from '../../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/auth/verify',
  operationId: 'verifySession',
  tags: ['Auth'],
  summary: 'The current session\'s user',
  auth: sessionAuth({ openDuringMfaEnrolment: true }),
  responses: { 200: ok('Session is live.', flatResponse('SessionVerifyResponse', { user: ZPublicUser, expires_at: z.iso.datetime() })) },
  handler: async (call) => call.json(200, { success: true, user: publicUser(call.user), expires_at: call.session.expiresAt.toISOString() }),
});
