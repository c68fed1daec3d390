// The wrapper every API handler goes through: request id, API key and permission checks, body limits,
// Idempotency-Key, the audit row, and central error mapping. Handlers keep to parse → call → respond.
import { assertPubKey, assertTokenizationPermission, authenticateApiKey } from '../../api-keys/authenticate-api-key';
import { principalResource, type ApiKeyPrincipal } from '../../api-keys/principal';
import type { AuditEntry } from '../../core/audit-entry';
import { hybridUserId } from './hybrid-user';
import type { Runtime } from '../../runtime/types';
import { clientIp } from '../../core/client-ip';
import { claimIdempotencyKey, readIdempotencyKey, requestFingerprint, type IdempotencyClaim } from '../../http/idempotency';
import { requestIdFor } from '../../http/request-id';
import { jsonResponse } from '../../http/respond';
import { auditedResponse, outcomeOf } from './audit-envelope';
import { availableRuntime, routeBody, routeParams } from './route-input';
import { error, unavailable } from '../../core/openapi-shapes';
import type { RouteAuth, RouteContext, RouteResponses } from '../../http/define-route';


export type ApiCall = {
  request: Request;
  runtime: Runtime;
  principal: ApiKeyPrincipal;
  requestId: string;
  /** The raw request body (empty for bodiless methods). */
  body: Uint8Array;
  params: Record<string, string>;
  /** Set by the handler so the audit row names the token (or other resource, `type:id`) it touched. */
  audit: { tokenId?: string | null; resource?: string | null; written?: boolean };
  /**
   * The audit row of a successful outcome, for handlers that write it together with their own row
   * (tokenize): they then set `audit.written` and the wrapper writes nothing more.
   */
  successAudit(statusCode: number): AuditEntry;
  json(status: number, body: unknown): Response;
};

export type ApiRouteOptions = {
  /** Audit action name, e.g. `tokenize`. */
  action: string;
  /** Require the tokenization permission (everything but verify-key). */
  tokenization: boolean;
  /** Production keys must come with X-Pub-Key. */
  pubKey?: boolean;
  /** Honour Idempotency-Key. */
  idempotent?: boolean;
  /**
   * Read `Authorization: Bearer` as the hybrid caller's session (default true). Off for the proxy, whose
   * form/XML calls forward Authorization to the PSP as the PSP's own credential.
   */
  hybrid?: boolean;
};

/**
 * The `resource` of the audit row of an Idempotency-Key replay: the route's own action and the replayed
 * status, so a replay is told from the call it repeats (which names its token or resource itself).
 */
export const IDEMPOTENT_REPLAY_RESOURCE = 'idempotency:replay';

export function apiRoute(options: ApiRouteOptions, handler: (call: ApiCall) => Promise<Response>) {
  return async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdFor(request);
    const ip = clientIp(request);
    let runtime: Runtime | undefined;
    let principal: ApiKeyPrincipal | undefined;
    let userId: string | null = null;
    let claim: IdempotencyClaim | undefined;
    const audit: ApiCall['audit'] = {};
    return auditedResponse(
      {
        requestId,
        action: options.action,
        runtime: () => runtime,
        settle: async (response) => (claim?.kind === 'claimed' ? claim.complete(response) : response),
        // Written unless the handler already wrote it with its own row and the outcome did not change since.
        auditRow: (response) =>
          audit.written && response.status < 400
            ? null
            : {
                action: options.action,
                outcome: outcomeOf(response),
                statusCode: response.status,
                requestId,
                // No account without a valid key: the refused call is nobody's to list.
                accountId: principal?.project.accountId ?? null,
                projectId: principal?.project.id,
                applicationId: principal?.application.id,
                userId,
                tokenId: audit.tokenId,
                // The route's own resource, else which key authenticated the call (its previous key: grace period).
                resource: audit.resource ?? principalResource(principal),
                ip,
              },
      },
      async () => {
        runtime = await availableRuntime();
        principal = await authenticateApiKey(runtime, request.headers.get('x-api-key'));
        if (options.tokenization) assertTokenizationPermission(principal);
        if (options.pubKey) assertPubKey(principal, request.headers.get('x-pub-key'));
        if (options.hybrid !== false) userId = await hybridUserId(runtime, request, principal);
        const body = await routeBody(request, context);
        const idempotencyKey = options.idempotent ? readIdempotencyKey(request) : null;
        if (idempotencyKey) {
          claim = await claimIdempotencyKey({
            store: runtime.store,
            applicationId: principal.application.id,
            key: idempotencyKey,
            fingerprint: requestFingerprint(request, body, runtime.keyring.serviceKey('idempotency')),
            runningTtlSeconds: Math.ceil(runtime.config.PROXY_TIMEOUT_MS / 1000) + 60,
            encryptionKey: runtime.keyring.serviceKey('idempotency-record'),
          });
        }
        if (claim?.kind === 'replay') {
          // The first answer again, byte for byte; its own audit row, marked as a replay (PCI DSS 10.2.1).
          audit.resource = IDEMPOTENT_REPLAY_RESOURCE;
          return claim.response;
        }
        const params = await routeParams(context);
        return handler({
          request,
          runtime,
          principal,
          requestId,
          body,
          params,
          audit,
          successAudit: (statusCode) => ({
            action: options.action,
            outcome: 'success',
            statusCode,
            requestId,
            accountId: principal!.project.accountId,
            projectId: principal!.project.id,
            applicationId: principal!.application.id,
            userId,
            resource: principalResource(principal),
            ip,
          }),
          json: (status, payload) => jsonResponse(status, payload, requestId),
        });
      },
    );
  };
}

/** Errors of the API-key routes. */
const apiKeyErrors = {
  401: error('`Invalid API key`: missing, unknown or revoked key.'),
  403: error('`Insufficient permissions`: the key lacks the tokenization permission.'),
  503: unavailable,
};
const idempotencyErrors = {
  409: error('The first request with this Idempotency-Key is still running.'),
  422: error('This Idempotency-Key was already used with a different request.'),
};
const idempotencyKeyHeader = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Optional, 1–255 visible ASCII characters, scoped to the application. The same key with the same body within 24 h replays the first response byte-for-byte with `Idempotent-Replayed: true`; 5xx responses are not kept. Each replay writes its own audit row: the route\'s action, the replayed status as outcome, `resource` `idempotency:replay`.',
  schema: { type: 'string' as const },
};
const pubKeyHeader = {
  name: 'X-Pub-Key',
  in: 'header' as const,
  required: false,
  description: 'Required with production API keys (the project\'s pub key); never needed with test keys.',
  schema: { type: 'string' as const },
};

function apiKeyResponses(options: ApiRouteOptions): RouteResponses {
  const responses: RouteResponses = {
    401: options.pubKey
      ? error('`Invalid API key` (missing, unknown or revoked key); for production keys also `X-Pub-Key header is required for production API keys` or `Invalid pub key`.')
      : apiKeyErrors[401],
    503: apiKeyErrors[503],
  };
  if (options.tokenization) responses[403] = apiKeyErrors[403];
  return options.idempotent ? { ...responses, ...idempotencyErrors } : responses;
}

/** Auth kind `apiKey`: X-API-Key (and the options' checks), optionally with the caller's session as Bearer. */
export function apiKeyAuth(options: ApiRouteOptions): RouteAuth<ApiCall> {
  return {
    kind: 'apiKey',
    security: [{ ApiKey: [] }],
    parameters: [...(options.pubKey ? [pubKeyHeader] : []), ...(options.idempotent ? [idempotencyKeyHeader] : [])],
    responses: apiKeyResponses(options),
    wrap: (handler) => apiRoute(options, handler),
  };
}
