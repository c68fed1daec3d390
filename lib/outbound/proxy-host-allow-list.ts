// A project's destination allow-list (`allowed_proxy_hosts`): the only hosts its card data may be sent to,
// by POST /proxy/transaction and by its merchants' `http` processors. An entry is a host name
// (`psp.example.com`), `*.example.com` for exactly one label in front of `example.com`, or `host:port` when
// the port is not 443 (an entry without a port means 443 only). `null` means no host in a production
// project (card data leaves only to hosts it named), and any public host in a test project unless
// PROXY_REQUIRE_ALLOW_LIST is on (then nothing there either). Judged on the parsed URL before anything
// connects; the address rules (private addresses, PROXY_ALLOWED_PRIVATE_HOSTS) still apply on top, at
// connect time: a host must pass both, so a production project reaches a private host only when its own
// list names it too.
import { isIP } from 'node:net';
import { VaultError, messages } from '../core/errors';

export const MAX_ALLOWED_PROXY_HOSTS = 100;
/** A DNS name (253) with `*.` and `:65535`. */
export const MAX_ALLOWED_PROXY_HOST_LENGTH = 262;

export const ALLOWED_PROXY_HOST_RULE =
  'a host name (psp.example.com), *.example.com for one label, or host:port when the port is not 443';

/** What decides where a project's card data may go. */
export type ProxyHostPolicy = { environment: 'test' | 'production'; allowedProxyHosts: readonly string[] | null };

// One DNS label after WHATWG normalisation (lower case, punycode): letters, digits, `-` and `_`.
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * The stored form of one entry (lower case, punycode, IPv4 dotted decimal, IPv6 compressed in brackets,
 * no trailing dot, no `:443`), or null when `text` is not a host, `*.` + a name of two labels or more,
 * or either with a port.
 */
export function normaliseProxyHostEntry(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_ALLOWED_PROXY_HOST_LENGTH) return null;
  const wildcard = trimmed.startsWith('*.');
  const rest = wildcard ? trimmed.slice(2) : trimmed;
  if (rest.includes('*')) return null;
  const bare = rest.replace(/^\[([^\]]*)\]/, '$1');
  // A bare IPv6 address (no brackets, no port) is accepted as the URL parser would write it.
  const candidate = isIP(bare) === 6 && !rest.startsWith('[') ? `[${rest}]` : rest;
  if (!URL.canParse(`https://${candidate}/`)) return null;
  const url = new URL(`https://${candidate}/`);
  // Anything besides host and port (userinfo, a path, a query, a fragment) changes the serialisation.
  if (url.href !== `https://${url.host}/`) return null;
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  if (host === '') return null;
  const literal = host.startsWith('[') || isIP(host) === 4;
  if (!literal && !host.split('.').every((label) => LABEL.test(label))) return null;
  if (wildcard && (literal || !host.includes('.'))) return null;
  return `${wildcard ? '*.' : ''}${host}${url.port ? `:${url.port}` : ''}`;
}

/** The list as stored in the JSON column; anything but null or an array of strings allows nothing (fail closed). */
export function readAllowedProxyHosts(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === 'string');
}

/** True when `url` (a URL accepted by `parseProxyUrl`) names a host and port on `list` (normalised entries). */
export function isProxyHostListed(url: URL, list: readonly string[]): boolean {
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  // An https URL's port is '' for 443, as in a normalised entry.
  const port = url.port;
  const literal = host.startsWith('[') || isIP(host) === 4;
  for (const entry of list) {
    const [, entryHost = '', entryPort = ''] = /^(.+?)(?::(\d+))?$/.exec(entry) ?? [];
    if (entryPort !== port) continue;
    if (entryHost === host) return true;
    if (!literal && entryHost.startsWith('*.')) {
      const suffix = entryHost.slice(1);
      // Exactly one label in front: `a.example.com` for `*.example.com`, not `example.com` or `a.b.example.com`.
      if (host.endsWith(suffix) && host.length > suffix.length && !host.slice(0, -suffix.length).includes('.')) return true;
    }
  }
  return false;
}

/** True when a null list stops `environment`'s card data from leaving at all (what the dashboard and doctor warn of). */
export function needsAllowList(environment: 'test' | 'production', requireAllowList: boolean): boolean {
  return environment === 'production' || requireAllowList;
}

/** Whether `policy` lets card data go to `url`, under PROXY_REQUIRE_ALLOW_LIST = `requireAllowList`. */
export function isProxyHostAllowed(url: URL, policy: ProxyHostPolicy, requireAllowList: boolean): boolean {
  if (policy.allowedProxyHosts === null) return !needsAllowList(policy.environment, requireAllowList);
  return isProxyHostListed(url, policy.allowedProxyHosts);
}

/**
 * 400 `proxy_host_not_allowed` naming the host as the URL parser writes it (lower case, IPv6 in brackets)
 * and the setting to change; never the port, path or query, which may carry more than a host name.
 */
export function proxyHostNotAllowed(url: URL): VaultError {
  return new VaultError('proxy_host_not_allowed', `${messages.invalidProxyUrl}: ${url.hostname} is not in this project's allowed_proxy_hosts`);
}

/** Throws 400 `proxy_host_not_allowed` (see `proxyHostNotAllowed`) unless `policy` lets card data go to `url`. */
export function assertProxyHostAllowed(url: URL, policy: ProxyHostPolicy, requireAllowList: boolean): void {
  if (!isProxyHostAllowed(url, policy, requireAllowList)) throw proxyHostNotAllowed(url);
}
