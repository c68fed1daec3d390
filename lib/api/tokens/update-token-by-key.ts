// PATCH /tokens/{token} — the same update for a server with an API key (tokenization), in the key's project.
import { defineRoute } from '../../http/define-route';
import { bodyErrors, error, json, ok } from '../../core/openapi-shapes';
import { presentToken } from '../../tokens/present-token';
import { updateToken } from '../../vault/update-token';
import { ZUpdateTokenRequestSchema } from '../../vault/update-token-schema';
import { apiKeyAuth } from '../auth/api-route';
import { UPDATE_TOKEN_DESCRIPTION, ZTokenViewResponse, tokenParam, updatedTokenResource } from './docs';

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/tokens/{token}',
  operationId: 'updateTokenWithKey',
  tags: ['Vault'],
  summary: 'Update a token\'s metadata or expiry (API key)',
  description: ['`X-API-Key` with the tokenization permission; tokens of the key\'s project only (others are 404). `PATCH /api/tokens/{token}` is the same for dashboard sessions.', UPDATE_TOKEN_DESCRIPTION].join('\n\n'),
  auth: apiKeyAuth({ action: 'token.update', tokenization: true }),
  request: { params: tokenParam, body: json(ZUpdateTokenRequestSchema) },
  responses: {
    200: ok('The updated token.', ZTokenViewResponse),
    ...bodyErrors,
    404: error('`Token not found` (also deleted tokens and tokens of other projects); `Token expired` (`token_expired`).'),
  },
  handler: async (call) => {
    const updated = await updateToken(call.runtime, { scope: { projectId: call.principal.project.id }, token: call.params.token ?? '', changes: call.input.body() });
    Object.assign(call.audit, { tokenId: updated.view.id, resource: updatedTokenResource(updated) });
    return call.json(200, { success: true, data: presentToken(updated.view) });
  },
});
