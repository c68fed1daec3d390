// GET /openapi.json: OpenAPI 3.1 generated from the same zod schemas the handlers validate with.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ZDetokenizeRequestSchema } from '../api/detokenize';
import { ZProxyTransactionRequestSchema } from '../proxy/schemas';
import { ZTestTokenRequestSchema, ZTokenizeRequestSchema } from '../vault/schemas';
import { publishedTestCards } from '../vault/test-cards';
import { registerAuthPaths } from './auth-paths';
import { registerCheckoutPaths } from './checkout-paths';
import { registerManagementPaths } from './management-paths';
import {
  ZDetokenizeResponseSchema,
  ZMessageResponseSchema,
  ZProxyResponseSchema,
  ZTestTokenResponseSchema,
  ZTokenizeResponseSchema,
  ZVerifyKeyResponseSchema,
} from './responses';
import { bodyErrors, error, json } from './shared';

const authErrors = {
  401: error('`Invalid API key` (missing, unknown or revoked key); for production keys on tokenize/test-tokens also `X-Pub-Key header is required for production API keys` or `Invalid pub key`.'),
  403: error('`Insufficient permissions`: the key lacks the tokenization permission.'),
  503: error('Database or store unreachable: the vault fails closed.'),
};
const idempotencyErrors = {
  409: error('The first request with this Idempotency-Key is still running.'),
  422: error('This Idempotency-Key was already used with a different request.'),
};

const apiKeyHeaders = { security: [{ ApiKey: [] }] };
const idempotencyKeyHeader = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Optional, 1–255 visible ASCII characters, scoped to the application. The same key with the same body within 24 h replays the first response byte-for-byte with `Idempotent-Replayed: true`; 5xx responses are not kept.',
  schema: { type: 'string' as const },
};
const pubKeyHeader = {
  name: 'X-Pub-Key',
  in: 'header' as const,
  required: false,
  description: 'Required with production API keys (the project\'s pub key); never needed with test keys.',
  schema: { type: 'string' as const },
};

function buildDocument() {
  const registry = new OpenAPIRegistry();
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

  registry.registerPath({
    method: 'post',
    path: '/tokenize',
    summary: 'Tokenize card or bank data',
    description:
      'Stores the data encrypted (AES-256-GCM, per-project data key) and returns a token. When `data.cvv` is sent, a CVC session (CVC_SESSION_TTL_SECONDS, default 90 s) is created, bound to this token, and deleted on first proxy use.',
    ...apiKeyHeaders,
    parameters: [pubKeyHeader, idempotencyKeyHeader],
    request: { body: json(ZTokenizeRequestSchema) },
    responses: { 201: { description: 'Token created.', ...json(ZTokenizeResponseSchema) }, ...bodyErrors, ...authErrors, ...idempotencyErrors },
  });

  registry.registerPath({
    method: 'post',
    path: '/test-tokens',
    summary: 'Create a test token with a reusable CVC session',
    description: `The CVC session lives TEST_CVC_SESSION_TTL_SECONDS (default 1 year) and is not deleted by proxy use. In a production project only these published PSP test card numbers are accepted (anything else is a 400): ${[...publishedTestCards].join(', ')}. In a test project any valid card is accepted.`,
    ...apiKeyHeaders,
    parameters: [pubKeyHeader, idempotencyKeyHeader],
    request: { body: json(ZTestTokenRequestSchema) },
    responses: { 201: { description: 'Test token created.', ...json(ZTestTokenResponseSchema) }, ...bodyErrors, ...authErrors, ...idempotencyErrors },
  });

  registry.registerPath({
    method: 'post',
    path: '/detokenize',
    summary: 'Reveal the data behind a token',
    description: 'Returns the stored fields under their placeholder names. Never a security code. Tokens of other projects are 404.',
    ...apiKeyHeaders,
    request: { body: json(ZDetokenizeRequestSchema) },
    responses: { 200: { description: 'Token data.', ...json(ZDetokenizeResponseSchema) }, 404: error('`Token not found`.'), ...bodyErrors, ...authErrors },
  });

  registry.registerPath({
    method: 'post',
    path: '/proxy/transaction',
    summary: 'Forward a request to a PSP with token data injected',
    description: [
      'Placeholders `${cardNumber}`, `${expirationMonth}`, `${expirationYear}`, `${cvv}`/`${cvc}` (needs `cvc_session_id`), `${accountNumber}`, `${routingNumber}` are replaced inside `request_data` string values, escaped for the body format; the JSON body is forwarded compactly serialised.',
      'Form-encoded (`application/x-www-form-urlencoded`) and XML (`application/xml`, `text/xml`, `*+xml`) bodies are forwarded as they are, with their content type, after substitution (percent-encoded, or XML-escaped). Their token, proxy URL and CVC session come from the `X-Token`, `X-Proxy-URL`, `X-CVC-Session-ID` headers, the `token`, `proxy_url`, `cvc_session_id` query parameters, or (form only) form fields, which are stripped before forwarding. Such calls are always POST and forward the request headers except the vault\'s own (X-API-Key, X-Pub-Key, X-Token, X-Proxy-URL, X-CVC-Session-ID, Idempotency-Key, X-Request-Id), cookies, forwarding and hop-by-hop headers.',
      'The PSP URL must be https with no userinfo and no IP literal; its host must not resolve to a private, loopback, link-local, CGNAT, multicast or reserved address (checked at connect time), unless listed in PROXY_ALLOWED_PRIVATE_HOSTS. Redirects are returned, never followed. Timeout: PROXY_TIMEOUT_MS (default 30 s).',
      'Using a production CVC session deletes it, whether or not the PSP call succeeds.',
    ].join('\n\n'),
    ...apiKeyHeaders,
    parameters: [idempotencyKeyHeader],
    request: {
      body: {
        content: {
          'application/json': { schema: ZProxyTransactionRequestSchema },
          'application/x-www-form-urlencoded': { schema: { type: 'string' } },
          'application/xml': { schema: { type: 'string' } },
        },
      },
    },
    responses: {
      200: { description: 'The PSP answered (any status).', ...json(ZProxyResponseSchema) },
      400: error('`Invalid proxy URL`, `validation_error`, or `${cvv}` used without `cvc_session_id`.'),
      404: error('`Token not found` or `CVC session expired or not found`.'),
      502: error('`Failed to proxy request`: the PSP could not be reached or the exchange failed.'),
      504: error('`Request timeout`: the PSP did not answer within PROXY_TIMEOUT_MS.'),
      413: bodyErrors[413],
      415: error('Unsupported Content-Type.'),
      ...authErrors,
      ...idempotencyErrors,
    },
  });

  registry.registerPath({
    method: 'delete',
    path: '/proxy/delete-cvc-session/{session_id}',
    summary: 'Delete a CVC session',
    ...apiKeyHeaders,
    request: { params: ZDeleteParams },
    responses: {
      200: { description: 'Deleted.', ...json(ZMessageResponseSchema) },
      400: error('`session_id` is not a UUID.'),
      404: error('`CVC session expired or not found`.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/api/applications/key',
    summary: 'Verify an API key',
    description: 'Any valid key, whatever its permissions.',
    ...apiKeyHeaders,
    responses: { 200: { description: 'The key is valid.', ...json(ZVerifyKeyResponseSchema) }, 401: authErrors[401], 503: authErrors[503] },
  });

  registry.registerPath({ method: 'get', path: '/health', summary: 'Liveness: the process is up', responses: { 200: { description: 'Up.' } } });
  registry.registerPath({
    method: 'get',
    path: '/ready',
    summary: 'Readiness: database and store reachable',
    responses: { 200: { description: 'Ready.' }, 503: { description: 'Database or store unreachable.' } },
  });

  registerManagementPaths(registry);
  registerAuthPaths(registry);
  registerCheckoutPaths(registry);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Vault API',
      version: '1.0.0',
      description:
        'Card and bank data vault with a PSP proxy, and its management API (dashboard sessions: SessionAuth / SessionCookie). No version prefix in paths. Every error body is `{success:false, error:{code, message}, request_id}` and every response carries `X-Request-Id`. Bodies over 1 MiB → 413; malformed JSON → 400; wrong content type → 415.',
    },
  });
}

import { z } from 'zod';
const ZDeleteParams = z.object({ session_id: z.uuid().meta({ description: 'CVC session id (UUID).' }) });

let cached: string | undefined;

/** The document, serialised once per process. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildDocument());
  return cached;
}
