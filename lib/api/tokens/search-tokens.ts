// POST /api/tokens/search — search the account's tokens (any role) by card fields, fingerprint, format, searchable metadata, dates and status.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, error, json, ok } from '../../core/openapi-shapes';
import { presentToken } from '../../tokens/present-token';
import { ZSearchTokensRequestSchema } from '../../tokens/search-schemas';
import { searchTokens } from '../../tokens/search-tokens';
import { SEARCH_TOKENS_DESCRIPTION, ZTokenSearchPage, searchErrors } from './search-docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/tokens/search',
  operationId: 'searchTokens',
  tags: ['Tokens'],
  summary: 'Search the account\'s tokens',
  description: [
    `${ANY_ROLE} Every project of the account, or the one \`project_id\` names (required with \`metadata\`: searchable keys are set per project). ${OTHER_ACCOUNT_404}`,
    SEARCH_TOKENS_DESCRIPTION,
  ].join('\n\n'),
  auth: sessionAuth(),
  request: { body: json(ZSearchTokensRequestSchema) },
  responses: { 200: ok('A page of tokens.', ZTokenSearchPage), 404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`), ...searchErrors },
  handler: async (call) => {
    const { project_id: projectId, ...filters } = call.input.body();
    const page = await searchTokens(call.runtime, { scope: { accountId: call.user.accountId, projectId }, filters, now: new Date() });
    return call.json(200, { success: true, data: page.rows.map(presentToken), next_cursor: page.nextCursor });
  },
});
