// The wrapper for routes a signed-in user calls (JWT as Bearer or cookie): request id, session check
// (revocation, idle timeout), role check, body limits, central error mapping. Auth routes that run before
// a session exists use `publicRoute`.
import { recordAudit } from '../audit/record-audit';
import { authenticateSession, type AuthenticatedSession, type SessionUser } from '../auth/sessions';
import type { SignInOrigin } from '../auth/sign-in';
import { logUnexpected } from './log-unexpected';
import { existingRuntime, type Runtime } from '../runtime';
import { clientIp } from './client-ip';
import { VaultError, messages } from './errors';
import type { RouteAuth, RouteContext, RouteResponses } from './define-route';
import { toVaultError } from './map-error';
import { requestIdFor } from './request-id';
import { errorResponse, jsonResponse } from './respond';
import { sessionTokenOf } from './session-cookie';
import { availableRuntime, routeBody, routeParams } from './route-input';
import { error, unavailable } from '../openapi/shared';

export type PublicCall = {
  request: Request;
  runtime: Runtime;
  requestId: string;
  ip: string | null;
  body: Uint8Array;
  params: Record<string, string>;
  /** Who is calling from where, as sign-in limits and audit rows need it. */
  origin: SignInOrigin;
  json(status: number, body: unknown, headers?: HeadersInit): Response;
};

export type SessionCall = PublicCall & { session: AuthenticatedSession; user: SessionUser };


async function prepare(request: Request, context: RouteContext | undefined) {
  const runtime = await availableRuntime();
  return { runtime, body: await routeBody(request, context), params: await routeParams(context) };
}

function wrap<Call>(build: (request: Request, context: RouteContext | undefined, requestId: string) => Promise<Call>, handler: (call: Call) => Promise<Response>) {
  return async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdFor(request);
    try {
      return await handler(await build(request, context, requestId));
    } catch (error) {
      const mapped = toVaultError(error);
      if (mapped.unexpected) logUnexpected(await existingRuntime(), error, { requestId });
      return errorResponse(mapped.error, requestId);
    }
  };
}

function callBase(request: Request, requestId: string, prepared: Awaited<ReturnType<typeof prepare>>): PublicCall {
  const ip = clientIp(request);
  return {
    request,
    requestId,
    ip,
    origin: { ip, userAgent: request.headers.get('user-agent'), requestId },
    ...prepared,
    json: (status, payload, headers) => jsonResponse(status, payload, requestId, headers),
  };
}

/** No session needed (login, password reset, registration). */
function publicRoute(handler: (call: PublicCall) => Promise<Response>) {
  return wrap(async (request, context, requestId) => callBase(request, requestId, await prepare(request, context)), handler);
}

/** A live session, and (when given) one of `roles`. */
export function sessionRoute(options: { roles?: SessionUser['role'][] }, handler: (call: SessionCall) => Promise<Response>) {
  return wrap(async (request, context, requestId) => {
    const prepared = await prepare(request, context);
    const session = await authenticateSession(prepared.runtime, sessionTokenOf(request));
    if (options.roles && !options.roles.includes(session.user.role)) {
      // A signed-in user refused for their role is an invalid access attempt (PCI DSS 10.2.1.4): audited.
      await recordAudit(prepared.runtime, {
        action: 'access.denied',
        outcome: 'failure',
        statusCode: 403,
        requestId,
        userId: session.user.id,
        resource: `route:${request.method} ${new URL(request.url).pathname}`,
        ip: clientIp(request),
      });
      throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
    }
    return { ...callBase(request, requestId, prepared), session, user: session.user };
  }, handler);
}

/** A dashboard session: `Authorization: Bearer <JWT>` or the `vault_session` cookie (either one). */
export const SESSION_SECURITY: RouteAuth<unknown>['security'] = [{ SessionAuth: [] }, { SessionCookie: [] }];

/** What a session route answers on its own: no live session (401), no store (503). */
export const sessionErrors = {
  401: error('`unauthorized` (`Authentication required`): no session, or the session JWT is invalid, expired, revoked or idle too long.'),
  503: unavailable,
};

/** Auth kind `public`: no credential (login, password reset, registration). */
export function publicAuth(): RouteAuth<PublicCall> {
  return { kind: 'public', security: [], responses: { 503: unavailable }, wrap: (handler) => publicRoute(handler) };
}

/** Auth kind `session`: a live dashboard session, and (when given) one of `roles`. */
export function sessionAuth(options: { roles?: SessionUser['role'][] } = {}): RouteAuth<SessionCall> {
  const responses: RouteResponses = { ...sessionErrors };
  if (options.roles) responses[403] = error(`\`Insufficient permissions\`: the signed-in user's role is not one of ${options.roles.join(', ')}.`);
  return { kind: 'session', security: SESSION_SECURITY, responses, wrap: (handler) => sessionRoute(options, handler) };
}
