// POST /tokens/search — the same search for a server with an API key holding the search permission, in the key's project.
import { assertSearchPermission } from '../../api-keys/authenticate-api-key';
import { defineRoute } from '../../http/define-route';
import { error, json, ok } from '../../core/openapi-shapes';
import { presentToken } from '../../tokens/present-token';
import { ZSearchTokensByKeyRequestSchema } from '../../tokens/search-schemas';
import { searchTokens } from '../../tokens/search-tokens';
import { apiKeyAuth } from '../auth/api-route';
import { SEARCH_TOKENS_DESCRIPTION, ZTokenSearchPage, searchErrors } from './search-docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/tokens/search',
  operationId: 'searchTokensWithKey',
  tags: ['Vault'],
  summary: 'Search the project\'s tokens (API key)',
  description: [
    '`X-API-Key` of an application with the `search` permission (`permissions.search`, off unless granted; 403 otherwise): the tokens of the key\'s project. `POST /api/tokens/search` is the same for dashboard sessions. Each call writes a `token.search` audit row (never its filters).',
    SEARCH_TOKENS_DESCRIPTION,
  ].join('\n\n'),
  // Not the tokenization permission: search has its own, checked first thing by the handler.
  auth: apiKeyAuth({ action: 'token.search', tokenization: false }),
  request: { body: json(ZSearchTokensByKeyRequestSchema) },
  responses: {
    200: ok('A page of tokens.', ZTokenSearchPage),
    403: error('`Insufficient permissions`: the key lacks the search permission.'),
    ...searchErrors,
  },
  handler: async (call) => {
    assertSearchPermission(call.principal);
    const page = await searchTokens(call.runtime, { scope: { projectId: call.principal.project.id }, filters: call.input.body(), now: new Date() });
    return call.json(200, { success: true, data: page.rows.map(presentToken), next_cursor: page.nextCursor });
  },
});
