// Which headers a PSP call may carry: the rules the HTTP client enforces (names are tokens, values are
// Latin-1 without control characters) and the headers that describe the vault's own connection, never
// the caller's request (hop-by-hop, Host, Content-Length, proxy-*). Shared by the proxy endpoint and the
// checkout processors.

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'host', 'content-length', 'expect', 'http2-settings',
  // Responses come back uncompressed so they can be masked.
  'accept-encoding',
]);

// What the HTTP client accepts (undici's own checks): a header name is an RFC 9110 token; a value has no
// CR, LF, NUL or other control characters and nothing beyond Latin-1.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export function isHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}

export function isSendableHeaderValue(value: string): boolean {
  return HEADER_VALUE.test(value);
}

/** Connection-level headers (any case): never forwarded to a PSP, never handed back from one. */
export function isHopByHopHeader(name: string): boolean {
  return HOP_BY_HOP.has(name.toLowerCase());
}

/** The headers sent to the PSP: names lower-cased, hop-by-hop and `proxy-*` headers dropped. */
export function outgoingHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !lower.startsWith('proxy-')) kept[lower] = value;
  }
  return kept;
}

/**
 * The PSP's connection-level headers (and its Content-Length: the body is re-encoded) describe its
 * exchange with the vault, not an answer for the caller.
 */
export function withoutHopByHop(headers: Record<string, string | string[]>): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}
