// The URL rules of a checkout session. Return URLs are absolute https URLs (plain http only for localhost
// and 127.0.0.1, for development), without user name or password. `parentOrigin` is an exact origin — the
// value the page uses for `frame-ancestors` and as postMessage's targetOrigin — so it must be exactly what
// a browser reports as an origin: scheme, host, optional port; no path (not even "/"), query, fragment,
// wildcard, space, `;` or `,`, lower-case host, no default port.

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
/** Letters, digits, dots and hyphens (the URL parser also lets `*`, `!`, quotes and others through), or an IPv6 literal. */
const HOST_NAME = /^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)$/;

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function secureOrLocal(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

export function isReturnUrl(value: string): boolean {
  const url = parse(value);
  return url !== null && secureOrLocal(url) && url.hostname !== '' && url.username === '' && url.password === '' && !/\s/.test(value);
}

export function isExactOrigin(value: string): boolean {
  if (/[\s*;,]/.test(value)) return false;
  const url = parse(value);
  return url !== null && secureOrLocal(url) && url.origin === value && HOST_NAME.test(url.hostname);
}
