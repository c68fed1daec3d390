// JSON responses. Every response carries X-Request-Id equal to the body's request_id (errors).
import { VaultError } from '../core/errors';

// The serialised body of each JSON response, so the fast door can write it without reading it back
// through a Web stream (a measurable share of a request's CPU on Node 20).
const serialisedBodies = new WeakMap<Response, string>();

export function serialisedBody(response: Response): string | undefined {
  return serialisedBodies.get(response);
}

/**
 * A JSON Response whose Web body stream is built only if something reads it. The fast door writes the
 * serialised text itself (serialisedBody), and building a stream for every answer cost ~10 µs and its
 * garbage per request (profiled: 9% of tokenize's CPU). Next's door and tests read it through `body`,
 * `text()`, `json()`… as from any Response: those are answered by a full Response made on first use.
 */
class JsonResponse extends Response {
  constructor(
    readonly serialised: string,
    init: ResponseInit,
  ) {
    super(null, init);
  }
}
const fullResponses = new WeakMap<JsonResponse, Response>();
function full(response: JsonResponse): Response {
  let real = fullResponses.get(response);
  if (!real) {
    real = new Response(response.serialised, { status: response.status, statusText: response.statusText, headers: response.headers });
    fullResponses.set(response, real);
  }
  return real;
}
Object.defineProperties(JsonResponse.prototype, {
  body: { get(this: JsonResponse) { return full(this).body; } },
  bodyUsed: { get(this: JsonResponse) { return fullResponses.get(this)?.bodyUsed ?? false; } },
  ...Object.fromEntries(
    (['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const).map((method) => [
      method,
      { value(this: JsonResponse) { return (full(this) as unknown as Record<string, () => Promise<unknown>>)[method]!(); } },
    ]),
  ),
  clone: {
    value(this: JsonResponse) {
      const copy = new JsonResponse(this.serialised, { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) });
      serialisedBodies.set(copy, this.serialised);
      return copy;
    },
  },
});

export function jsonResponse(status: number, body: unknown, requestId: string, headers?: HeadersInit): Response {
  const text = JSON.stringify(body);
  const response = new JsonResponse(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headersObject(headers) },
  });
  response.headers.set('x-request-id', requestId);
  serialisedBodies.set(response, text);
  return response;
}

export function errorResponse(error: VaultError, requestId: string): Response {
  const body = {
    success: false,
    error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    request_id: requestId,
  };
  const headers: Record<string, string> = {};
  if (error.code === 'method_not_allowed' && error.allow) headers.allow = error.allow;
  if (error.retryAfterSeconds) headers['retry-after'] = String(error.retryAfterSeconds);
  return jsonResponse(error.status, body, requestId, headers);
}

function headersObject(headers?: HeadersInit): Record<string, string> {
  if (!headers) return {};
  return Object.fromEntries(new Headers(headers).entries());
}
