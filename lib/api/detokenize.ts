// POST /detokenize — the stored fields of a token, under their placeholder names (never a CVV).
import { z } from 'zod';
import { apiKeyAuth } from '../http/api-route';
import { defineRoute } from '../http/define-route';
import { error, json, ok } from '../openapi/shared';
import { getTokenOrThrow } from '../vault/get-token';
import { presentRevealedPayload } from '../vault/present-revealed-payload';
import { ZDetokenizeResponseSchema } from '../vault/schemas';

export const ZDetokenizeRequestSchema = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').meta({ description: 'Token to reveal.' }),
});

export const POST = defineRoute({
  method: 'POST',
  path: '/detokenize',
  operationId: 'detokenize',
  tags: ['Vault'],
  summary: 'Reveal the data behind a token',
  description: 'Returns the stored fields under their placeholder names. Never a security code. Tokens of other projects are 404.',
  auth: apiKeyAuth({ action: 'detokenize', tokenization: true }),
  request: { body: json(ZDetokenizeRequestSchema) },
  responses: { 200: ok('Token data.', ZDetokenizeResponseSchema), 404: error('`Token not found`.') },
  handler: async (call) => {
    const { token } = call.input.body();
    const found = await getTokenOrThrow(call.runtime, { principal: call.principal, token });
    call.audit.tokenId = found.id;
    return call.json(200, { success: true, data: presentRevealedPayload(found.payload) });
  },
});
