// PATCH /api/tokens/{token} — update a token's metadata, expiry or card expiry (owner/admin/developer
// session, or an API key with tokenization, optionally with the user's JWT); the token value stays.
import { defineRoute } from '../../http/define-route';
import { bodyErrors, error, json, ok } from '../../core/openapi-shapes';
import { presentToken } from '../../tokens/present-token';
import { updateToken } from '../../vault/update-token';
import { ZUpdateTokenRequestSchema } from '../../vault/update-token-schema';
import { sessionOrApiKeyAuth } from '../auth/token-auth-route';
import { UPDATE_TOKEN_DESCRIPTION, ZTokenViewResponse, tokenParam, updatedTokenResource } from './docs';

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/tokens/{token}',
  operationId: 'updateToken',
  tags: ['Tokens'],
  summary: 'Update a token\'s metadata or expiry',
  description: [
    'Either a session of role **owner**, **admin** or **developer** (viewer → 403), scoped to the account; or an `X-API-Key` with the tokenization permission, scoped to the key\'s project, optionally with `Authorization: Bearer <session JWT>` naming the person behind the call (cookies are ignored with a key). `PATCH /tokens/{token}` is the same for API keys alone.',
    UPDATE_TOKEN_DESCRIPTION,
  ].join('\n\n'),
  auth: sessionOrApiKeyAuth({ action: 'token.update', roles: ['owner', 'admin', 'developer'] }),
  request: { params: tokenParam, body: json(ZUpdateTokenRequestSchema) },
  responses: {
    200: ok('The updated token.', ZTokenViewResponse),
    ...bodyErrors,
    404: error('`Token not found` (also deleted tokens and tokens of another account or project); `Token expired` (`token_expired`).'),
  },
  handler: async (call) => {
    const updated = await updateToken(call.runtime, { scope: call.scope, token: call.params.token ?? '', changes: call.input.body() });
    Object.assign(call.audit, { tokenId: updated.view.id, projectId: updated.view.projectId, resource: updatedTokenResource(updated) });
    return call.json(200, { success: true, data: presentToken(updated.view) });
  },
});
