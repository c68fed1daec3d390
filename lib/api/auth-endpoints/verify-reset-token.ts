// POST /auth/verify-reset-token {token} — whether a mailed reset or invitation link can still be used; the
// page a link opens reads its token from the fragment and asks here, so the token is never in a request
// line. GET ?token= stays for older clients (deprecated: the token lands in access logs).
import { z } from 'zod';
import { MAILED_PURPOSES, findResetTokenOrThrow } from '../../auth/reset-tokens';
import { defineRoute } from '../../http/define-route';
import { VaultError, messages } from '../../core/errors';
import { publicAuth } from '../auth/session-route';
import { error, flatResponse, json, ok } from '../../core/openapi-shapes';

const ZResetTokenQuery = z.object({ token: z.string().meta({ description: 'The token from the mailed link.' }) });
// Loose on purpose: a missing or empty token is `invalid_token` (answer()), not a validation error.
const ZResetTokenBody = z.object({ token: z.unknown().optional().meta({ description: 'The token from the mailed link (its `#token=` fragment).' }) });

const ZResetTokenValidResponse = flatResponse('ResetTokenValidResponse', {
  valid: z.literal(true),
  purpose: z.enum(MAILED_PURPOSES).meta({ description: '`forgot` (a reset link) or `invite` (an invitation to an account).' }),
  expires_at: z.iso.datetime(),
});

const responses = {
  200: ok('The token can be used.', ZResetTokenValidResponse),
  400: error('`invalid_token`: missing, unknown, used or expired.'),
};

async function check(runtime: Parameters<typeof findResetTokenOrThrow>[0], token: unknown) {
  // A missing or empty token answers `invalid_token`, not `validation_error`.
  if (typeof token !== 'string' || !token) throw new VaultError('invalid_token', messages.invalidToken, [{ path: 'token', message: 'token is required' }]);
  const row = await findResetTokenOrThrow(runtime, token, MAILED_PURPOSES);
  return { success: true, valid: true, purpose: row.purpose, expires_at: row.expiresAt.toISOString() } as const;
}

export const POST = defineRoute({
  method: 'POST',
  path: '/auth/verify-reset-token',
  operationId: 'checkResetToken',
  tags: ['Auth'],
  summary: 'Check a reset link\'s token',
  description: 'Mailed links carry their token in the URL fragment (`/reset-password#token=…`), which browsers never send; the page posts it here.',
  auth: publicAuth(),
  request: { body: json(ZResetTokenBody) },
  responses,
  handler: async (call) => call.json(200, await check(call.runtime, call.input.body().token)),
});

export const GET = defineRoute({
  method: 'GET',
  path: '/auth/verify-reset-token',
  operationId: 'verifyResetToken',
  tags: ['Auth'],
  summary: 'Check a reset link\'s token (deprecated: use POST)',
  description: 'Deprecated: the token in the query lands in proxy and access logs. Use POST with `{token}`.',
  auth: publicAuth(),
  request: { query: ZResetTokenQuery },
  responses,
  // Read by hand, not call.input.query(): a missing token is `invalid_token` too.
  handler: async (call) => call.json(200, await check(call.runtime, new URL(call.request.url).searchParams.get('token'))),
});
