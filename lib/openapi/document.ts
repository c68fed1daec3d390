// The OpenAPI 3.1 document, generated from the route definitions (lib/api/routes.ts): the same list the
// fast door routes by, so a route is documented exactly when it is served.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { DefinedRoute, RouteDefinition, RouteResponses } from '../http/define-route';
import { templateSegments } from '../http/router';
import { bodyErrors } from '../core/openapi-shapes';
import { registerEventWebhooks } from './webhooks';

export type DocumentServers = { appUrl: string; checkoutUrl: string };

function registerSecuritySchemes(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'ApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  registry.registerComponent('securitySchemes', 'SessionAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Dashboard session: the JWT from POST /auth/login (or the MFA step) as `Authorization: Bearer <JWT>`. The same JWT is accepted from the `vault_session` cookie (see SessionCookie).',
  });
  registry.registerComponent('securitySchemes', 'SessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'vault_session',
    description: 'The session JWT in the HttpOnly `vault_session` cookie, set by POST /auth/login, the MFA step, and the dashboard sign-in (next-auth at /api/auth/*, whose session cookie this is); an alternative to SessionAuth.',
  });
  registry.registerComponent('securitySchemes', 'ServiceApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-SERVICE-API-KEY',
    description: 'A merchant\'s service key (`msk_test_…` / `msk_live_…`), sent together with the vault API key (X-API-KEY) when creating or reading checkout sessions.',
  });
}

/** A definition's path parameters must be exactly the ones its template names. */
function assertParams(route: DefinedRoute): void {
  const { method, path, request } = route.definition;
  const inPath = templateSegments(path).flatMap((segment) => ('param' in segment ? [segment.param] : [])).sort();
  const params = request?.params as { shape?: Record<string, unknown> } | undefined;
  const declared = Object.keys(params?.shape ?? {}).sort();
  if (inPath.join() !== declared.join()) throw new Error(`${method} ${path}: request.params declares {${declared.join(', ')}}, the path has {${inPath.join(', ')}}`);
}

/**
 * A JSON body can be refused as invalid (400), too large (413) or not JSON (415); a query as invalid (400);
 * a path parameter holding U+0000 as invalid (400, lib/core/reject-nul.ts).
 */
function inputErrors(request: RouteDefinition['request']): RouteResponses {
  if (request?.body?.content['application/json']) return bodyErrors;
  return request?.query || request?.params ? { 400: bodyErrors[400] } : {};
}

export function buildOpenApiDocument(routes: readonly DefinedRoute[], servers: DocumentServers) {
  const registry = new OpenAPIRegistry();
  registerSecuritySchemes(registry);
  const operationIds = new Set<string>();
  for (const route of routes) {
    assertParams(route);
    const { method, auth, server, request, parameters = [], responses, ...documentation } = route.definition;
    if (operationIds.has(documentation.operationId)) throw new Error(`operationId ${documentation.operationId} is used twice`);
    operationIds.add(documentation.operationId);
    const allParameters = [...(auth.parameters ?? []), ...parameters] as RouteDefinition['parameters'] & unknown[];
    registry.registerPath({
      ...documentation,
      method: method.toLowerCase() as Lowercase<typeof method>,
      security: auth.security,
      request,
      ...(allParameters.length ? { parameters: allParameters } : {}),
      // What reading the input and the auth kind can answer, then the route's own (more precise) statuses.
      responses: { ...inputErrors(request), ...auth.responses, ...responses },
      ...(server === 'checkout' ? { servers: [{ url: servers.checkoutUrl, description: 'The hosted checkout (CHECKOUT_URL).' }] } : {}),
    });
  }
  registerEventWebhooks(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Vault API',
      version: '1.0.0',
      description:
        'Card and bank data vault with a PSP proxy, and its management API (dashboard sessions: SessionAuth / SessionCookie). No version prefix in paths. Every error body is `{success:false, error:{code, message}, request_id}` and every response carries `X-Request-Id`. Bodies over 1 MiB → 413; malformed JSON → 400; wrong content type → 415. U+0000 (NUL) in any string of a request — JSON bodies (values and keys), query, path, headers; only the proxy\'s forwarded `request_data` and raw form/XML bodies are exempt — → 400 `validation_error` naming the field.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: servers.appUrl, description: 'This vault (APP_URL).' }],
  });
}

const serialised = new Map<string, string>();

/** The document for these servers, serialised once per process. */
export function openApiJson(routes: readonly DefinedRoute[], servers: DocumentServers): string {
  const key = `${servers.appUrl} ${servers.checkoutUrl}`;
  let text = serialised.get(key);
  if (text === undefined) serialised.set(key, (text = JSON.stringify(buildOpenApiDocument(routes, servers))));
  return text;
}
