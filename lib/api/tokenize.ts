// POST /tokenize — vault card or bank data, return a token (and a CVC session when a CVV was sent).
import { apiKeyAuth } from './auth/api-route';
import { defineRoute } from '../http/define-route';
import { json, ok } from '../core/openapi-shapes';
import { createToken } from '../vault/create-token';
import { ZTokenizeRequestSchema, ZTokenizeResponseSchema } from '../vault/schemas';

export const POST = defineRoute({
  method: 'POST',
  path: '/tokenize',
  operationId: 'tokenize',
  tags: ['Vault'],
  summary: 'Tokenize card or bank data',
  description:
    'Stores the data encrypted (AES-256-GCM, per-project data key) and returns a token. When `data.cvv` is sent, a CVC session (CVC_SESSION_TTL_SECONDS, default 90 s) is created, bound to this token, and deleted on first proxy use. `token_format` chooses what the token looks like (see the field); every endpoint that takes a token takes every format.',
  auth: apiKeyAuth({ action: 'tokenize', tokenization: true, pubKey: true, idempotent: true }),
  request: { body: json(ZTokenizeRequestSchema) },
  responses: { 201: ok('Token created.', ZTokenizeResponseSchema) },
  handler: async (call) => {
    const input = call.input.body();
    const { cvv, ...data } = input.type === 'card' ? input.data : { ...input.data, cvv: undefined };
    // The schema admits the card formats for cards only (a bank token is random or uuid).
    const tokenFormat = input.token_format;
    const { tokenId, ...created } = await createToken(call.runtime, {
      principal: call.principal,
      payload: { type: input.type, ...data } as Parameters<typeof createToken>[1]['payload'],
      cvv,
      cvcSession: { mode: 'once', ttlSeconds: call.runtime.config.CVC_SESSION_TTL_SECONDS },
      testMode: call.principal.project.environment === 'test',
      audit: call.successAudit(201),
      tokenFormat,
    });
    call.audit.tokenId = tokenId;
    call.audit.written = true;
    return call.json(201, { success: true, ...created });
  },
});
