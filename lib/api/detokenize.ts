// POST /detokenize — the stored fields of a token, under their placeholder names (never a CVV).
import { z } from 'zod';
import { apiRoute } from '../http/api-route';
import { parseJsonRequest } from '../http/read-body';
import { getTokenOrThrow } from '../vault/get-token';

export const ZDetokenizeRequestSchema = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').meta({ description: 'Token to reveal.' }),
});

export const POST = apiRoute({ action: 'detokenize', tokenization: true }, async (call) => {
  const { token } = ZDetokenizeRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const found = await getTokenOrThrow(call.runtime, { principal: call.principal, token });
  call.audit.tokenId = found.id;
  return call.json(200, { success: true, data: found.payload });
});
