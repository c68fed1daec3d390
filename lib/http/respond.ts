// JSON responses. Every response carries X-Request-Id equal to the body's request_id (errors).
import { VaultError } from './errors';

// The serialised body of each JSON response, so the fast door can write it without reading it back
// through a Web stream (a measurable share of a request's CPU on Node 20).
const serialisedBodies = new WeakMap<Response, string>();

export function serialisedBody(response: Response): string | undefined {
  return serialisedBodies.get(response);
}

export function jsonResponse(status: number, body: unknown, requestId: string, headers?: HeadersInit): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, {
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
