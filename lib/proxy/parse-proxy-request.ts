// The three shapes of POST /proxy/transaction, reduced to one description of the outgoing call:
// - JSON: the spec's envelope {token, proxy_url, request_data, ...}; request_data is the body.
// - form-encoded / XML: the body itself is forwarded with its content type; token, proxy URL and CVC
//   session come from X-Token / X-Proxy-URL / X-CVC-Session-ID, or the query, or (form only) form fields,
//   which are stripped before forwarding.
import { z } from 'zod';
import { VaultError } from '../core/errors';
import { isJsonMediaType, mediaType, parseJson } from '../core/json-body';
import { isHeaderName, isSendableHeaderValue } from './outgoing-headers';
import { stripFormFields } from './placeholders';
import { ZProxyTransactionRequestSchema } from './schemas';

export type OutgoingBody =
  | { format: 'json'; value: unknown }
  | { format: 'form'; text: string }
  | { format: 'xml'; text: string }
  | { format: 'none' };

export type ProxyCall = {
  token: string;
  cvcSessionId?: string;
  proxyUrl: unknown;
  method: string;
  /** Headers for the PSP, before filtering. */
  headers: Record<string, string>;
  contentType: string;
  body: OutgoingBody;
};

const ENVELOPE_FIELDS = ['token', 'proxy_url', 'cvc_session_id'];

/** Request headers that are ours, or the connection's, never the PSP's. */
const NOT_FORWARDED = new Set([
  'x-api-key', 'x-pub-key', 'x-token', 'x-proxy-url', 'x-cvc-session-id', 'idempotency-key', 'x-request-id',
  'cookie', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto',
  'x-forwarded-port', 'x-real-ip',
]);

function isXmlMediaType(type: string): boolean {
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');
}

export function parseProxyRequest(request: Request, bytes: Uint8Array): ProxyCall {
  const type = mediaType(request);
  if (isJsonMediaType(type)) return parseJsonEnvelope(bytes);
  if (type === 'application/x-www-form-urlencoded') return parseRawBody(request, bytes, 'form');
  if (isXmlMediaType(type)) return parseRawBody(request, bytes, 'xml');
  throw new VaultError(
    'unsupported_media_type',
    'Content-Type must be application/json, application/x-www-form-urlencoded or application/xml',
  );
}

/** A header the client would refuse is the caller's 400 here, not a 502 after the CVC session was taken. */
function assertSendableHeaders(headers: Record<string, string>): void {
  const issues = Object.entries(headers).flatMap(([name, value]) => {
    if (!isHeaderName(name)) return [{ path: `http_headers.${name}`, message: 'not a valid HTTP header name' }];
    if (!isSendableHeaderValue(value)) {
      return [{ path: `http_headers.${name}`, message: 'header values may not contain control characters or characters beyond Latin-1' }];
    }
    return [];
  });
  if (issues.length) throw VaultError.validation(issues);
}

function parseJsonEnvelope(bytes: Uint8Array): ProxyCall {
  // request_data may hold U+0000: it is forwarded to the PSP, never stored (every other field is checked).
  const envelope = ZProxyTransactionRequestSchema.parse(parseJson(bytes, { nulAllowedIn: ['request_data'] }));
  const headers = envelope.http_headers ?? {};
  assertSendableHeaders(headers);
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  const bodiless = envelope.http_method === 'GET';
  return {
    token: envelope.token,
    cvcSessionId: envelope.cvc_session_id,
    proxyUrl: envelope.proxy_url,
    method: envelope.http_method,
    headers: hasContentType || bodiless ? headers : { ...headers, 'content-type': 'application/json' },
    contentType: 'application/json',
    body: bodiless ? { format: 'none' } : { format: 'json', value: envelope.request_data },
  };
}

const ZUuid = z.uuid({ error: 'cvc_session_id must be a UUID' });

function parseRawBody(request: Request, bytes: Uint8Array, format: 'form' | 'xml'): ProxyCall {
  const url = new URL(request.url);
  let text = Buffer.from(bytes).toString('utf8');
  const form = format === 'form' ? new URLSearchParams(text) : undefined;
  const pick = (header: string, field: string) =>
    request.headers.get(header) ?? url.searchParams.get(field) ?? form?.get(field) ?? undefined;
  const token = pick('x-token', 'token');
  const proxyUrl = pick('x-proxy-url', 'proxy_url');
  const cvcSessionId = pick('x-cvc-session-id', 'cvc_session_id');
  const missing = [
    ...(token ? [] : [{ path: 'token', message: 'token is required (X-Token header, query or form field)' }]),
    ...(proxyUrl ? [] : [{ path: 'proxy_url', message: 'proxy_url is required (X-Proxy-URL header, query or form field)' }]),
  ];
  if (missing.length) throw VaultError.validation(missing);
  if (cvcSessionId !== undefined && !ZUuid.safeParse(cvcSessionId).success) {
    throw VaultError.validation([{ path: 'cvc_session_id', message: 'cvc_session_id must be a UUID' }]);
  }
  if (form) text = stripFormFields(text, ENVELOPE_FIELDS);
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) if (!NOT_FORWARDED.has(name)) headers[name] = value;
  return {
    token: token!,
    cvcSessionId,
    proxyUrl,
    method: 'POST',
    headers,
    contentType: request.headers.get('content-type')!,
    body: { format, text },
  };
}
