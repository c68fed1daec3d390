// POST /proxy/transaction — forward a request to a PSP with the token's data injected.
import { apiKeyAuth } from './auth/api-route';
import { defineRoute } from '../http/define-route';
import { error, ok } from '../core/openapi-shapes';
import { forwardTransaction } from '../proxy/forward-transaction';
import { parseProxyRequest } from '../proxy/parse-proxy-request';
import { ZProxyResponseSchema, ZProxyTransactionRequestSchema } from '../proxy/schemas';

export const POST = defineRoute({
  method: 'POST',
  path: '/proxy/transaction',
  operationId: 'proxyTransaction',
  tags: ['Proxy'],
  summary: 'Forward a request to a PSP with token data injected',
  description: [
    'Placeholders `${cardNumber}`, `${expirationMonth}`, `${expirationYear}`, `${cvv}`/`${cvc}` (needs `cvc_session_id`), `${accountNumber}`, `${routingNumber}` are replaced inside `request_data` string values, escaped for the body format; the JSON body is forwarded compactly serialised.',
    'Form-encoded (`application/x-www-form-urlencoded`) and XML (`application/xml`, `text/xml`, `*+xml`) bodies are forwarded as they are, with their content type, after substitution (percent-encoded, or XML-escaped). Their token, proxy URL and CVC session come from the `X-Token`, `X-Proxy-URL`, `X-CVC-Session-ID` headers, the `token`, `proxy_url`, `cvc_session_id` query parameters, or (form only) form fields, which are stripped before forwarding. Such calls are always POST and forward the request headers except the vault\'s own (X-API-Key, X-Pub-Key, X-Token, X-Proxy-URL, X-CVC-Session-ID, Idempotency-Key, X-Request-Id), cookies, forwarding and hop-by-hop headers.',
    'The PSP URL must be https with no userinfo and no IP literal; its host must not resolve to a private, loopback, link-local, CGNAT, multicast or reserved address (checked at connect time), unless listed in PROXY_ALLOWED_PRIVATE_HOSTS. Redirects are returned, never followed. Timeout: PROXY_TIMEOUT_MS (default 30 s).',
    'A host the key\'s project does not list in `allowed_proxy_hosts` (PUT /api/projects/{id}) is refused with 400 `proxy_host_not_allowed` (`Invalid proxy URL: <host> is not in this project\'s allowed_proxy_hosts`, the host without its port), before the token is read, a CVC session is used or anything connects. A production project without a list reaches no host; a test project without one reaches any public host unless PROXY_REQUIRE_ALLOW_LIST=true. A host must pass both the project\'s list and the address rules (PROXY_ALLOWED_PRIVATE_HOSTS opens a private host to a production project only when its list names it).',
    'Using a production CVC session deletes it, whether or not the PSP call succeeds.',
    'Audit: the call\'s `proxy.transaction` row (success, 200) is committed once the token is found, before any card data is decrypted or sent; when it cannot be written the answer is 503 `service_unavailable` and nothing is sent. A call that fails after the token is found also gets a failure row with its status, under the same request id.',
    'The PSP\'s answer (status, headers, body) is returned with the card number, CVV and account number masked wherever they appear: plain, with a space, dash, dot or `+` between digits, percent-encoded (digits or separators, `4242%204242…`), or as JSON numbers. `request_data` and raw form/XML bodies may hold U+0000 (they are forwarded, never stored); every other field is refused with it (400).',
  ].join('\n\n'),
  // Authorization is never read as the caller's session here: form and XML calls forward it to the PSP.
  auth: apiKeyAuth({ action: 'proxy.transaction', tokenization: true, idempotent: true, hybrid: false }),
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
    200: ok('The PSP answered (any status).', ZProxyResponseSchema),
    400: error('`Invalid proxy URL` (`invalid_proxy_url`; `proxy_host_not_allowed` for a host the project\'s `allowed_proxy_hosts` does not list), `validation_error`, or `${cvv}` used without `cvc_session_id`.'),
    404: error('`Token not found`, `Token expired` (`token_expired`: past its `expires_at` or its project\'s `token_retention_days`), `Token deleted` (`token_deleted`), or `CVC session expired or not found`. An expired or deleted token gets no success audit row and nothing is decrypted or sent.'),
    502: error('`Failed to proxy request`: the PSP could not be reached or the exchange failed.'),
    504: error('`Request timeout`: the PSP did not answer within PROXY_TIMEOUT_MS.'),
    415: error('Unsupported Content-Type.'),
  },
  handler: async (call) => {
    // Three body formats, each with its own rules: parsed by the proxy domain, not as plain JSON.
    const proxyCall = parseProxyRequest(call.request, call.body);
    // The call's row is committed right after the token's read, as the answer the caller gets whenever the PSP
    // answers (200, whatever the PSP's own status). A failure after the read (CVC session, placeholder,
    // PSP unreachable or too slow) gets its own failure row from the wrapper, with the same request id.
    const result = await forwardTransaction(call.runtime, {
      principal: call.principal,
      call: proxyCall,
      onToken: (tokenId) => (call.audit.tokenId = tokenId),
      audit: call.successAudit(200),
    });
    call.audit.written = true;
    return call.json(200, result);
  },
});
