// The wrapper for routes a signed-in user calls (JWT as Bearer or cookie): request id, the cross-site check
// of cookie-authenticated mutations (lib/http/csrf.ts), session check (revocation, idle timeout), the
// account's MFA requirement, role check, body limits, central error mapping. Auth routes that run before a
// session exists use `publicRoute`.
import type { Readable } from 'node:stream';
import { mfaEnrolmentRefusal, mfaEnrolmentRequired } from '../../accounts/mfa-enrolment';
import { recordAudit } from '../../audit/record-audit';
import { authenticateSession, type AuthenticatedSession, type SessionUser } from '../../auth/sessions';
import type { SignInOrigin } from '../../auth/sign-in';
import type { Runtime } from '../../runtime/types';
import { clientIp } from '../../core/client-ip';
import { assertNotCrossSite } from '../../http/csrf';
import { VaultError, messages } from '../../core/errors';
import type { RouteAuth, RouteContext, RouteResponses } from '../../http/define-route';
import { requestIdFor } from '../../http/request-id';
import { jsonResponse } from '../../http/respond';
import { auditedResponse } from './audit-envelope';
import { sessionTokenOf } from '../../http/session-cookie';
import { availableRuntime, routeBody, routeParams } from './route-input';
import { error, unavailable } from '../../core/openapi-shapes';

export type PublicCall = {
  request: Request;
  runtime: Runtime;
  requestId: string;
  ip: string | null;
  body: Uint8Array;
  /** The unread body of a route that streams it (lib/http/define-route.ts streamsBody), else null. */
  bodyStream: Readable | null;
  params: Record<string, string>;
  /** Who is calling from where, as sign-in limits and audit rows need it. */
  origin: SignInOrigin;
  json(status: number, body: unknown, headers?: HeadersInit): Response;
};

export type SessionCall = PublicCall & { session: AuthenticatedSession; user: SessionUser };


async function prepare(request: Request, context: RouteContext | undefined, started: (runtime: Runtime) => void) {
  const runtime = await availableRuntime();
  started(runtime);
  return { runtime, body: await routeBody(request, context), bodyStream: context?.bodyStream ?? null, params: await routeParams(context) };
}

function wrap<Call>(build: (request: Request, context: RouteContext | undefined, requestId: string, started: (runtime: Runtime) => void) => Promise<Call>, handler: (call: Call) => Promise<Response>) {
  return async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdFor(request);
    let runtime: Runtime | undefined;
    // No row of its own: the session kinds that audit do it per action (auditedAttempt, managedRoute).
    return auditedResponse({ requestId, runtime: () => runtime, auditRow: () => null }, async () =>
      handler(await build(request, context, requestId, (started) => (runtime = started))),
    );
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
  return wrap(async (request, context, requestId, started) => callBase(request, requestId, await prepare(request, context, started)), handler);
}

export type SessionRouteOptions = {
  roles?: SessionUser['role'][];
  /**
   * Open to a member who must still enrol in MFA (their account requires it): the enrolment route itself,
   * the MFA status routes, /auth/verify and /auth/logout. Every other session route refuses them.
   */
  openDuringMfaEnrolment?: boolean;
};

/** A signed-in user refused (role, MFA enrolment) is an invalid access attempt (PCI DSS 10.2.1.4): audited, then thrown. */
async function refuse(runtime: Runtime, request: Request, requestId: string, user: SessionUser, refusal: VaultError): Promise<never> {
  await recordAudit(runtime, {
    action: 'access.denied',
    outcome: 'failure',
    statusCode: refusal.status,
    requestId,
    accountId: user.accountId,
    userId: user.id,
    resource: `route:${request.method} ${new URL(request.url).pathname}`,
    ip: clientIp(request),
  });
  throw refusal;
}

/** A live session, and (when given) one of `roles`; a member who must enrol in MFA only where `openDuringMfaEnrolment`. */
export function sessionRoute(options: SessionRouteOptions, handler: (call: SessionCall) => Promise<Response>) {
  return wrap(async (request, context, requestId, started) => {
    const prepared = await prepare(request, context, started);
    assertNotCrossSite(request, prepared.runtime.config.APP_URL);
    const session = await authenticateSession(prepared.runtime, sessionTokenOf(request));
    if (!options.openDuringMfaEnrolment && (await mfaEnrolmentRequired(prepared.runtime, session.user))) {
      await refuse(prepared.runtime, request, requestId, session.user, mfaEnrolmentRefusal());
    }
    if (options.roles && !options.roles.includes(session.user.role)) {
      await refuse(prepared.runtime, request, requestId, session.user, new VaultError('insufficient_permissions', messages.insufficientPermissions));
    }
    return { ...callBase(request, requestId, prepared), session, user: session.user };
  }, handler);
}

/** A dashboard session: `Authorization: Bearer <JWT>` or the `vault_session` cookie (either one). */
export const SESSION_SECURITY: RouteAuth<unknown>['security'] = [{ SessionAuth: [] }, { SessionCookie: [] }];

/** Why any cookie-authenticated mutation may be refused (lib/http/csrf.ts). */
export const CROSS_SITE_REFUSAL =
  "`forbidden_origin` (`Cross-origin requests are not allowed`): a POST, PUT or DELETE authenticated by the `vault_session` cookie whose `Origin` is not APP_URL's origin (without an `Origin`: whose `Sec-Fetch-Site` is not `same-origin`). Servers send the JWT as `Authorization: Bearer`, which is not checked this way.";
/** Why a member of an account that requires MFA is refused until they enrol. */
export const MFA_ENROLMENT_REFUSAL =
  '`mfa_enrollment_required`: the account requires MFA (`require_mfa`, PUT /api/account) and the signed-in user has not turned it on; they enrol with POST /user/settings/mfa.';

/** A 403 describing each refusal that applies, one per line. */
export const refusals = (...reasons: string[]) => error(reasons.join('\n\n'));

/** What a session route answers on its own: no live session (401), cross-site or not enrolled in MFA (403), no store (503). */
export const sessionErrors = {
  401: error('`unauthorized` (`Authentication required`): no session, or the session JWT is invalid, expired, revoked or idle too long.'),
  403: refusals(MFA_ENROLMENT_REFUSAL, CROSS_SITE_REFUSAL),
  503: unavailable,
};

/** Auth kind `public`: no credential (login, password reset, registration). */
export function publicAuth(): RouteAuth<PublicCall> {
  return { kind: 'public', security: [], responses: { 503: unavailable }, wrap: (handler) => publicRoute(handler) };
}

/** Auth kind `session`: a live dashboard session, and (when given) one of `roles`. */
export function sessionAuth(options: SessionRouteOptions = {}): RouteAuth<SessionCall> {
  const reasons = [
    ...(options.roles ? [`\`Insufficient permissions\`: the signed-in user's role is not one of ${options.roles.join(', ')}.`] : []),
    ...(options.openDuringMfaEnrolment ? [] : [MFA_ENROLMENT_REFUSAL]),
    CROSS_SITE_REFUSAL,
  ];
  const responses: RouteResponses = { ...sessionErrors, 403: refusals(...reasons) };
  return { kind: 'session', security: SESSION_SECURITY, responses, wrap: (handler) => sessionRoute(options, handler) };
}
