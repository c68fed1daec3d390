// The wrapper of the customer's calls from the checkout page (pay, cancel): no keys (the session id in the
// path is the credential), same-origin only, request id, body limits, central error mapping (with the
// extra fields of checkout errors), and one audit row per attempt naming the session's project, the
// application that created it, the session (`checkout_session:cs_…`) and the token a payment made. Never a body.
import { assertCheckoutOrigin } from '../../checkout/assert-checkout-origin';
import { CheckoutError } from '../../checkout/checkout-error';
import { isCheckoutSessionId } from '../../checkout/session-id';
import type { RouteAuth, RouteContext } from '../../http/define-route';
import { error, unavailable } from '../../core/openapi-shapes';
import { clientIp } from '../../core/client-ip';
import { requestIdFor } from '../../http/request-id';
import { jsonResponse } from '../../http/respond';
import { auditedResponse, outcomeOf } from './audit-envelope';
import { availableRuntime, routeBody, routeParams } from './route-input';
import type { Runtime } from '../../runtime/types';

export type CustomerCall = {
  request: Request;
  runtime: Runtime;
  requestId: string;
  ip: string | null;
  body: Uint8Array;
  sessionId: string;
  audit: { projectId?: string | null; applicationId?: string | null; tokenId?: string | null };
  json(status: number, body: unknown): Response;
};

/**
 * The account of the session's project, so the row stays listed for it; null before a session was found.
 * A failed lookup still lets the row be written (without its account), and is reported.
 */
async function accountOfProject(runtime: Runtime, projectId: string | null | undefined, requestId: string): Promise<string | null> {
  if (!projectId) return null;
  try {
    const project = await runtime.db.prisma.project.findUnique({ where: { id: projectId }, select: { accountId: true } });
    return project?.accountId ?? null;
  } catch (error) {
    runtime.logger.error({ err: error, requestId }, 'audit row: the account of the checkout session could not be read');
    return null;
  }
}

/**
 * Which session a call is about: the path parameter that names it, and the audit `resource` of an id
 * (null when the id has not the issued shape).
 */
type SessionParam = { param: string; resourceOf: (sessionId: string) => string | null };
const checkoutSession: SessionParam = { param: 'sessionId', resourceOf: (id) => (isCheckoutSessionId(id) ? `checkout_session:${id}` : null) };

function customerCheckoutRoute(action: string, session: SessionParam, handler: (call: CustomerCall) => Promise<Response>) {
  return async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdFor(request);
    const ip = clientIp(request);
    const audit: CustomerCall['audit'] = {};
    let runtime: Runtime | undefined;
    // The session the call is about, named even when refused (only ids of the issued shape are recorded).
    const sessionId = (await routeParams(context))[session.param] ?? '';
    const resource = session.resourceOf(sessionId);
    return auditedResponse(
      {
        requestId,
        action,
        runtime: () => runtime,
        errorResponse: (error) =>
          error instanceof CheckoutError
            ? jsonResponse(error.status, { success: false, error: { code: error.code, message: error.message }, ...error.extra, request_id: requestId }, requestId)
            : undefined,
        auditRow: async (response) => ({
          action,
          outcome: outcomeOf(response),
          statusCode: response.status,
          requestId,
          accountId: await accountOfProject(runtime!, audit.projectId, requestId),
          projectId: audit.projectId,
          applicationId: audit.applicationId,
          tokenId: audit.tokenId,
          resource,
          ip,
        }),
      },
      async () => {
        runtime = await availableRuntime();
        assertCheckoutOrigin(request, runtime.config.CHECKOUT_URL);
        const body = await routeBody(request, context);
        return handler({ request, runtime, requestId, ip, body, sessionId, audit, json: (status, payload) => jsonResponse(status, payload, requestId) });
      },
    );
  };
}

/**
 * Auth kind `public`: the customer on a page of the checkout origin — the checkout page, whose credential is
 * the session id in the path, or an Elements field frame (`session` names a collect session instead).
 */
export function checkoutCustomerAuth(action: string, session: SessionParam = checkoutSession): RouteAuth<CustomerCall> {
  return {
    kind: 'public',
    security: [],
    responses: {
      403: error('`forbidden_origin` (`Cross-origin requests are not allowed`): an `Origin` header other than the checkout\'s own (the origin of CHECKOUT_URL), or `Sec-Fetch-Site: cross-site`.'),
      503: unavailable,
    },
    wrap: (handler) => customerCheckoutRoute(action, session, handler),
  };
}
