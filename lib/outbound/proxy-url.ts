// Validates the target URL of a proxied request before anything connects: HTTPS only, no credentials,
// no IP literals unless allow-listed. Host names are judged later, at connect time, by the dispatcher's
// lookup, because only the address actually connected to can be trusted (DNS rebinding).
import { isIP } from 'node:net';
import { messages, VaultError } from '../core/errors';

/**
 * Parses `raw` with WHATWG URL and applies the proxy's URL rules. `allowedPrivateHosts` must come from
 * `normaliseAllowList`, so that an entry matches whatever spelling of the same host the caller used.
 */
export function parseProxyUrl(raw: unknown, allowedPrivateHosts: ReadonlySet<string>): URL {
  if (typeof raw !== 'string') throw invalidProxyUrl();
  // Parsed once (canParse first would parse twice; URL.parse is Node 22+).
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidProxyUrl();
  }
  if (url.protocol !== 'https:') throw invalidProxyUrl();
  if (url.username !== '' || url.password !== '') throw invalidProxyUrl();
  if (url.hostname === '') throw invalidProxyUrl();
  // WHATWG has already rewritten 127.1, 0x7f.1, 2130706433 and 0177.0.0.1 as 127.0.0.1 and put IPv6 in [].
  if (isIpLiteral(url.hostname) && !isAllowListedHost(url.hostname, allowedPrivateHosts)) {
    throw invalidProxyUrl();
  }
  return url;
}

/**
 * Normalises the configured allow-list the way WHATWG URL normalises hosts: lower case, punycode, IPv4 in
 * dotted decimal (`127.1` becomes `127.0.0.1`), IPv6 compressed in brackets (`::1` and `[::1]` both become
 * `[::1]`), no trailing dot. Blank entries are skipped; an entry that is not a bare host (a port other
 * than 443, a path, credentials, a zone id) throws, so a typo in configuration fails loudly at startup.
 */
export function normaliseAllowList(list: string[]): Set<string> {
  const hosts = new Set<string>();
  for (const entry of list) {
    if (entry.trim() === '') continue;
    const host = normaliseHost(entry);
    if (host === null) throw new Error(`Not a host name or IP address in the proxy allow-list: "${entry}"`);
    hosts.add(host);
  }
  return hosts;
}

/** True when `host` (a URL hostname, or a bare name or IP as sockets see it) is in a normalised allow-list. */
export function isAllowListedHost(host: string, allowList: ReadonlySet<string>): boolean {
  const key = normaliseHost(host);
  return key !== null && allowList.has(key);
}

/** The WHATWG form of a bare host, or null when `text` is more (or less) than a host. */
function normaliseHost(text: string): string | null {
  const trimmed = text.trim();
  const unbracketed = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  const candidate = isIP(unbracketed) === 6 ? `[${unbracketed}]` : unbracketed;
  if (!URL.canParse(`https://${candidate}/`)) return null;
  const url = new URL(`https://${candidate}/`);
  // Anything besides the host (userinfo, a non-default port, a path, a query) changes the serialisation.
  if (url.href !== `https://${url.hostname}/`) return null;
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  return host === '' ? null : host;
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || isIP(hostname) === 4;
}

function invalidProxyUrl(): VaultError {
  return new VaultError('invalid_proxy_url', messages.invalidProxyUrl);
}
