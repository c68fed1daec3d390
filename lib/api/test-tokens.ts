// POST /test-tokens — a card token with a reusable, long-lived CVC session for development. Called with
// an API key (+ X-Pub-Key for production keys), or with a signed-in session (the dashboard): then the
// project is `?project_id=` or the account's first test project, and the user needs a role that may use.
import { apiRoute, type RouteContext } from '../http/api-route';
import { parseJsonRequest } from '../http/read-body';
import { sessionTokenOf } from '../http/session-cookie';
import { sessionRoute } from '../http/session-route';
import { createTestToken } from '../vault/create-test-token';
import { getSessionTestProjectOrThrow } from '../vault/get-session-test-project';
import { ZTestTokenRequestSchema } from '../vault/schemas';

const withApiKey = apiRoute({ action: 'test_token.create', tokenization: true, pubKey: true, idempotent: true }, async (call) => {
  const request = ZTestTokenRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const { tokenId, ...created } = await createTestToken(call.runtime, { principal: call.principal, request, audit: call.successAudit(201) });
  call.audit.tokenId = tokenId;
  call.audit.written = true;
  return call.json(201, { success: true, ...created });
});

const withSession = sessionRoute({ roles: ['owner', 'admin', 'developer'] }, async (call) => {
  const request = ZTestTokenRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const project = await getSessionTestProjectOrThrow(call.runtime, { accountId: call.user.accountId, projectId: new URL(call.request.url).searchParams.get('project_id') });
  const audit = { action: 'test_token.create', outcome: 'success' as const, statusCode: 201, requestId: call.requestId, projectId: project.id, userId: call.user.id, ip: call.ip };
  const { tokenId: _tokenId, ...created } = await createTestToken(call.runtime, { principal: { project, application: null }, request, audit });
  return call.json(201, { success: true, ...created });
});

export async function POST(request: Request, context?: RouteContext): Promise<Response> {
  const sessionOnly = request.headers.get('x-api-key') === null && sessionTokenOf(request) !== null;
  return sessionOnly ? withSession(request, context) : withApiKey(request, context);
}
