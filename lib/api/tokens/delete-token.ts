// DELETE /api/tokens/{token} — delete a token for good, erasing its data (owner/admin/developer session, or an
// API key with tokenization, optionally with the user's JWT); detokenize and proxy answer 404 from then on.
import { defineRoute } from '../../http/define-route';
import { error, message } from '../../core/openapi-shapes';
import { deleteToken } from '../../tokens/delete-token';
import { tokenParam } from './docs';
import { sessionOrApiKeyAuth } from '../auth/token-auth-route';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/tokens/{token}',
  operationId: 'deleteToken',
  tags: ['Tokens'],
  summary: 'Delete a token for good',
  description: [
    'Either a session of role **owner**, **admin** or **developer** (viewer → 403), scoped to the account; or an `X-API-Key` with the tokenization permission, scoped to the key\'s project, optionally with `Authorization: Bearer <session JWT>` naming the person behind the call (a Bearer that does not verify is 401; cookies are ignored with a key).',
    'Erases the token in the delete\'s own transaction (with its `token.deleted` event): its card or bank data and its metadata are destroyed and its search index entries deleted; the row keeps only the display-safe fields and `deleted_at`, so the audit trail still names it. From then on detokenize and proxy answer 404 `token_deleted` (`Token deleted`), and GET, PATCH and DELETE of it 404 `token_not_found`. Tokens outside the caller\'s scope (another account or project) are 404.',
  ].join('\n\n'),
  auth: sessionOrApiKeyAuth({ action: 'token.delete', roles: ['owner', 'admin', 'developer'] }),
  request: { params: tokenParam },
  responses: {
    200: message('`Token deleted`.'),
    404: error('`Token not found`.'),
  },
  handler: async (call) => {
    const deleted = await deleteToken(call.runtime, { scope: call.scope, token: call.params.token ?? '' });
    Object.assign(call.audit, { tokenId: deleted.id, projectId: deleted.projectId });
    return call.json(200, { success: true, message: 'Token deleted' });
  },
});
