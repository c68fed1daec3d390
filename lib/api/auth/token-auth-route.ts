// The wrapper of token management mutations that accept either door (DELETE and PATCH /api/tokens/{token}):
//  - a dashboard session (Bearer JWT or cookie) whose role is one of `roles`, scoped to the user's account;
//  - or "hybrid": an X-API-Key with the tokenization permission, scoped to the key's project, optionally
//    with `Authorization: Bearer <session JWT>` naming the person behind the server call. That user is
//    recorded in the audit row when they belong to the key's account; a Bearer that does not verify is a
//    401 (the caller claimed a user it cannot prove). Cookies are ignored with a key: they are ambient.
// The session door refuses a cookie-authenticated call from another origin (lib/http/csrf.ts) and a member
// who must still enrol in MFA (lib/accounts/mfa-enrolment.ts), as every session route does.
// One audit row per attempt once the runtime is up, success or failure, with who (user and/or
// application), the project, the token and the outcome. Never a body.
import { assertTokenizationPermission, authenticateApiKey } from '../../api-keys/authenticate-api-key';
import { principalResource } from '../../api-keys/principal';
import { assertMfaEnrolled } from '../../accounts/mfa-enrolment';
import { hybridUserId } from './hybrid-user';
import { authenticateSession, type SessionUser } from '../../auth/sessions';
import type { RouteAuth, RouteContext } from '../../http/define-route';
import { error, unavailable } from '../../core/openapi-shapes';
import { CROSS_SITE_REFUSAL, MFA_ENROLMENT_REFUSAL, refusals } from './session-route';
import { clientIp } from '../../core/client-ip';
import { assertNotCrossSite } from '../../http/csrf';
import { VaultError, messages } from '../../core/errors';
import { requestIdFor } from '../../http/request-id';
import { jsonResponse } from '../../http/respond';
import { auditedResponse, outcomeOf } from './audit-envelope';
import { sessionTokenOf } from '../../http/session-cookie';
import type { Runtime } from '../../runtime/types';
import type { TokenScope } from '../../tokens/token-scope';
import { availableRuntime, routeBody, routeParams } from './route-input';

export type TokenAuthCall = {
  request: Request;
  runtime: Runtime;
  requestId: string;
  params: Record<string, string>;
  /** The raw request body (empty for bodiless methods): PATCH's. */
  body: Uint8Array;
  /** What the caller may touch: the user's account, or the key's project. */
  scope: TokenScope;
  /** Filled in by the handler once known, so the audit row names the token, its project and (PATCH) what changed. */
  audit: { tokenId?: string | null; projectId?: string | null; resource?: string | null };
  json(status: number, body: unknown): Response;
};

type Actor = { accountId: string | null; userId: string | null; applicationId: string | null; projectId: string | null; resource: string | null };


async function authenticate(runtime: Runtime, request: Request, roles: readonly SessionUser['role'][], actor: Actor): Promise<TokenScope> {
  const apiKey = request.headers.get('x-api-key');
  if (apiKey !== null) {
    const principal = await authenticateApiKey(runtime, apiKey);
    actor.accountId = principal.project.accountId;
    actor.applicationId = principal.application.id;
    actor.projectId = principal.project.id;
    actor.resource = principalResource(principal);
    assertTokenizationPermission(principal);
    actor.userId = await hybridUserId(runtime, request, principal);
    return { projectId: principal.project.id };
  }
  assertNotCrossSite(request, runtime.config.APP_URL);
  const session = await authenticateSession(runtime, sessionTokenOf(request));
  actor.accountId = session.user.accountId;
  actor.userId = session.user.id;
  await assertMfaEnrolled(runtime, session.user);
  if (!roles.includes(session.user.role)) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
  return { accountId: session.user.accountId };
}

function tokenAuthRoute(options: { action: string; roles: readonly SessionUser['role'][] }, handler: (call: TokenAuthCall) => Promise<Response>) {
  return async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdFor(request);
    const actor: Actor = { accountId: null, userId: null, applicationId: null, projectId: null, resource: null };
    const audit: TokenAuthCall['audit'] = {};
    let runtime: Runtime | undefined;
    return auditedResponse(
      {
        requestId,
        action: options.action,
        runtime: () => runtime,
        auditRow: (response) => ({
          action: options.action,
          outcome: outcomeOf(response),
          statusCode: response.status,
          requestId,
          accountId: actor.accountId,
          userId: actor.userId,
          applicationId: actor.applicationId,
          projectId: audit.projectId ?? actor.projectId,
          tokenId: audit.tokenId,
          resource: audit.resource ?? actor.resource,
          ip: clientIp(request),
        }),
      },
      async () => {
        runtime = await availableRuntime();
        const scope = await authenticate(runtime, request, options.roles, actor);
        const params = await routeParams(context);
        const body = await routeBody(request, context);
        return handler({ request, runtime, requestId, params, body, scope, audit, json: (status, payload) => jsonResponse(status, payload, requestId) });
      },
    );
  };
}

/** Auth kind `hybrid`: a dashboard session of one of `roles`, or an API key with tokenization (optionally with the user's Bearer). */
export function sessionOrApiKeyAuth(options: { action: string; roles: readonly SessionUser['role'][] }): RouteAuth<TokenAuthCall> {
  return {
    kind: 'hybrid',
    security: [{ SessionAuth: [] }, { SessionCookie: [] }, { ApiKey: [] }, { ApiKey: [], SessionAuth: [] }],
    responses: {
      401: error('`Authentication required` (no or invalid session) or `Invalid API key`.'),
      403: refusals(`\`Insufficient permissions\`: a session whose role is not ${options.roles.join(', ')}, or a key without the tokenization permission.`, MFA_ENROLMENT_REFUSAL, CROSS_SITE_REFUSAL),
      503: unavailable,
    },
    wrap: (handler) => tokenAuthRoute(options, handler),
  };
}
