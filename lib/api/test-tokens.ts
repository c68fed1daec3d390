// POST /test-tokens — a card token with a reusable, long-lived CVC session for development. Called with
// an API key (+ X-Pub-Key for production keys), or with a signed-in session (the dashboard): then the
// project is `?project_id=` or the account's first test project, and the user needs a role that may use.
import { z } from 'zod';
import { apiKeyOrSessionAuth } from './auth/api-key-or-session-route';
import { defineRoute } from '../http/define-route';
import { json, ok } from '../core/openapi-shapes';
import { createTestToken } from '../vault/create-test-token';
import { getSessionTestProjectOrThrow } from '../vault/get-session-test-project';
import { ZTestTokenRequestSchema, ZTestTokenResponseSchema } from '../vault/schemas';
import { publishedTestCards } from '../vault/test-cards';

const ACTION = 'test_token.create';

export const POST = defineRoute({
  method: 'POST',
  path: '/test-tokens',
  operationId: 'createTestToken',
  tags: ['Vault'],
  summary: 'Create a test token with a reusable CVC session',
  description: [
    `The CVC session lives TEST_CVC_SESSION_TTL_SECONDS (default 1 year) and is not deleted by proxy use, so only published PSP and card-network test card numbers are accepted, in test and production projects alike (any other number is a 400 naming \`cardNumber\`; real cards go to POST /tokenize, whose CVC sessions are single-use and short-lived): ${[...publishedTestCards].join(', ')}.`,
    'With an `X-API-Key` the token goes to the key\'s project. Without a key, a dashboard session (role owner, admin or developer) may call it: the token goes to the test project `?project_id=` or the account\'s first test project.',
  ].join('\n\n'),
  auth: apiKeyOrSessionAuth({ apiKey: { action: ACTION, tokenization: true, pubKey: true, idempotent: true }, roles: ['owner', 'admin', 'developer'] }),
  request: {
    query: z.object({ project_id: z.string().optional().meta({ description: 'With a dashboard session only: the test project (default: the account\'s first).' }) }),
    body: json(ZTestTokenRequestSchema),
  },
  responses: { 201: ok('Test token created.', ZTestTokenResponseSchema) },
  handler: async (call) => {
    const request = call.input.body();
    if (call.door === 'apiKey') {
      const { tokenId, ...created } = await createTestToken(call.runtime, { principal: call.principal, request, audit: call.successAudit(201) });
      call.audit.tokenId = tokenId;
      call.audit.written = true;
      return call.json(201, { success: true, ...created });
    }
    const project = await getSessionTestProjectOrThrow(call.runtime, { accountId: call.user.accountId, projectId: new URL(call.request.url).searchParams.get('project_id') });
    const audit = { action: ACTION, outcome: 'success' as const, statusCode: 201, requestId: call.requestId, accountId: call.user.accountId, projectId: project.id, userId: call.user.id, ip: call.ip };
    const { tokenId: _tokenId, ...created } = await createTestToken(call.runtime, { principal: { project, application: null }, request, audit });
    return call.json(201, { success: true, ...created });
  },
});
