// POST /tokenize — vault card or bank data, return a token (and a CVC session when a CVV was sent).
import { apiRoute } from '../http/api-route';
import { parseJsonRequest } from '../http/read-body';
import { createToken } from '../vault/create-token';
import { ZTokenizeRequestSchema } from '../vault/schemas';

export const POST = apiRoute({ action: 'tokenize', tokenization: true, pubKey: true, idempotent: true }, async (call) => {
  const input = ZTokenizeRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const { cvv, ...data } = input.type === 'card' ? input.data : { ...input.data, cvv: undefined };
  const { tokenId, ...created } = await createToken(call.runtime, {
    principal: call.principal,
    payload: { type: input.type, ...data } as Parameters<typeof createToken>[1]['payload'],
    cvv,
    cvcSession: { mode: 'once', ttlSeconds: call.runtime.config.CVC_SESSION_TTL_SECONDS },
    testMode: call.principal.project.environment === 'test',
    audit: call.successAudit(201),
  });
  call.audit.tokenId = tokenId;
  call.audit.written = true;
  return call.json(201, { success: true, ...created });
});
