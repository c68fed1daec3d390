// POST /test-tokens — a card token with a reusable, long-lived CVC session for development.
import { apiRoute } from '../http/api-route';
import { parseJsonRequest } from '../http/read-body';
import { createTestToken } from '../vault/create-test-token';
import { ZTestTokenRequestSchema } from '../vault/schemas';

export const POST = apiRoute({ action: 'test_token.create', tokenization: true, pubKey: true, idempotent: true }, async (call) => {
  const request = ZTestTokenRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const { tokenId, ...created } = await createTestToken(call.runtime, { principal: call.principal, request, audit: call.successAudit(201) });
  call.audit.tokenId = tokenId;
  call.audit.written = true;
  return call.json(201, { success: true, ...created });
});
