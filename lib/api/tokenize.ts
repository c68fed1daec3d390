// POST /tokenize — vault card or bank data, return a token (and a CVC session when a CVV was sent).
import { apiKeyAuth } from './auth/api-route';
import { defineRoute } from '../http/define-route';
import { json, ok } from '../core/openapi-shapes';
import { tokenize } from '../vault/tokenize';
import { requestedExpiry } from '../vault/token-lifecycle-fields';
import { ZTokenizeRequestSchema, ZTokenizeResponseSchema } from '../vault/schemas';

export const POST = defineRoute({
  method: 'POST',
  path: '/tokenize',
  operationId: 'tokenize',
  tags: ['Vault'],
  summary: 'Tokenize card or bank data',
  description:
    'Stores the data encrypted (AES-256-GCM, per-project data key) and returns a token. When `data.cvv` is sent, a CVC session (CVC_SESSION_TTL_SECONDS, default 90 s) is created, bound to this token, and deleted on first proxy use. `token_format` chooses what the token looks like (see the field); every endpoint that takes a token takes every format. `metadata`, `expires_at`/`ttl_seconds` and `deduplicate` are described with their fields.',
  auth: apiKeyAuth({ action: 'tokenize', tokenization: true, pubKey: true, idempotent: true }),
  request: { body: json(ZTokenizeRequestSchema) },
  responses: {
    201: ok('Token created.', ZTokenizeResponseSchema),
    200: ok('`deduplicate`: the project\'s existing active token of the same card or account (`deduplicated: true`).', ZTokenizeResponseSchema),
  },
  handler: async (call) => {
    const input = call.input.body();
    const { cvv, ...data } = input.type === 'card' ? input.data : { ...input.data, cvv: undefined };
    // The schema admits the card formats for cards only (a bank token is random or uuid).
    const tokenFormat = input.token_format;
    const { status, token } = await tokenize(call.runtime, {
      principal: call.principal,
      payload: { type: input.type, ...data } as Parameters<typeof tokenize>[1]['payload'],
      cvv,
      cvcSession: { mode: 'once', ttlSeconds: call.runtime.config.CVC_SESSION_TTL_SECONDS },
      testMode: call.principal.project.environment === 'test',
      audit: call.successAudit(201),
      tokenFormat,
      metadata: input.metadata,
      expiresAt: requestedExpiry(input, new Date()),
      deduplicate: input.deduplicate,
    });
    const { tokenId, ...created } = token;
    call.audit.tokenId = tokenId;
    // A new token's audit row was written with it; a deduplicated one's is the call's own (200).
    call.audit.written = status === 201;
    return call.json(status, { success: true, ...created });
  },
});
