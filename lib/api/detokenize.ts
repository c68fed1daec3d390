// POST /detokenize — the stored fields of a token, under their placeholder names (never a CVV); needs
// the key's own `detokenize` permission. Its audit row is committed before anything is decrypted, as the
// proxy's: when it cannot be written the answer is 503 and nothing is revealed.
import { z } from 'zod';
import { assertDetokenizePermission } from '../api-keys/authenticate-api-key';
import { apiKeyAuth } from './auth/api-route';
import { defineRoute } from '../http/define-route';
import { error, json, ok } from '../core/openapi-shapes';
import { getTokenOrThrow } from '../vault/get-token';
import { presentRevealedPayload } from '../vault/present-revealed-payload';
import { ZDetokenizeResponseSchema } from '../vault/schemas';

export const ZDetokenizeRequestSchema = z.strictObject({
  token: z.string({ error: (issue) => (issue.input === undefined ? 'token is required' : 'token must be a string') }).min(1, 'token is required').meta({ description: 'Token to reveal.' }),
});

export const POST = defineRoute({
  method: 'POST',
  path: '/detokenize',
  operationId: 'detokenize',
  tags: ['Vault'],
  summary: 'Reveal the data behind a token',
  description:
    [
      'Returns the stored fields under their placeholder names. Never a security code. Tokens of other projects are 404. Needs the key\'s `detokenize` permission (reveal is a permission of its own: an application created without it follows `tokenization`, and may be set to tokenize and proxy without reveal).',
      'Audit: the call\'s `detokenize` row (success, 200) is committed after the token is found and before its data is decrypted. When that row cannot be written the answer is 503 `service_unavailable` and nothing is revealed.',
      'The token\'s `metadata` comes back beside `data` when it has some (the body is otherwise unchanged). An expired token (past its `expires_at`, or unused for its project\'s `token_retention_days`) answers 404 `token_expired` (`Token expired`), a deleted one 404 `token_deleted` (`Token deleted`): nothing is decrypted and the call\'s audit row is a failure, as for an unknown token. A detokenize is a use: it records the token\'s `last_used_at` (to the hour).',
    ].join('\n\n'),
  // Not the tokenization permission: reveal has its own, checked first thing by the handler.
  auth: apiKeyAuth({ action: 'detokenize', tokenization: false }),
  request: { body: json(ZDetokenizeRequestSchema) },
  responses: {
    200: ok('Token data.', ZDetokenizeResponseSchema),
    403: error('`Insufficient permissions`: the key lacks the detokenize permission.'),
    404: error('`Token not found`; `Token expired` (`token_expired`); `Token deleted` (`token_deleted`).'),
    503: error('`Service temporarily unavailable`: among others, the audit row of the reveal could not be written (nothing is revealed).'),
  },
  handler: async (call) => {
    assertDetokenizePermission(call.principal);
    const { token } = call.input.body();
    const found = await getTokenOrThrow(call.runtime, { principal: call.principal, token, audit: call.successAudit(200), withMetadata: true });
    call.audit.tokenId = found.id;
    call.audit.written = true;
    const metadata = found.metadata && Object.keys(found.metadata).length ? { metadata: found.metadata } : {};
    return call.json(200, { success: true, data: presentRevealedPayload(found.payload), ...metadata });
  },
});
