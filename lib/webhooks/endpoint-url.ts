// Where an endpoint may point: an https URL without credentials, or plain http to localhost in a test
// project (a developer's receiver). localhost (`localhost.`, `*.localhost`) and private, loopback or
// link-local IP literals only when WEBHOOK_ALLOWED_PRIVATE_HOSTS names the host, in every project; other IP
// literals likewise. PROXY_ALLOWED_PRIVATE_HOSTS never applies here. Host names are judged again at connect
// time by the SSRF-guarded dispatcher: a name resolving to such an address is refused then, unless named.
import { isIP } from 'node:net';
import { isRefusedAddress } from '../outbound/address-policy';
import { isAllowListedHost } from '../outbound/proxy-url';
import { MAX_ENDPOINT_URL_LENGTH } from './schemas';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why `raw` cannot be this project's endpoint URL, or null when it can. */
export function endpointUrlProblem(raw: string, options: { environment: 'test' | 'production'; allowedPrivateHosts: ReadonlySet<string> }): string | null {
  if (raw.length > MAX_ENDPOINT_URL_LENGTH) return `url must be at most ${MAX_ENDPOINT_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute https URL';
  }
  if (url.username !== '' || url.password !== '') return 'url must not contain a user name or password';
  if (url.hostname === '' || /\s/.test(raw)) return 'url must be an absolute https URL';
  if (url.protocol === 'http:') {
    if (!LOCAL_HOSTS.has(url.hostname)) return 'url must use https (plain http only for localhost)';
    if (options.environment !== 'test') return 'url must use https in a production project (plain http to localhost is for test projects)';
  } else if (url.protocol !== 'https:') {
    return 'url must use https';
  }
  // localhost and private, loopback or link-local literals only when WEBHOOK_ALLOWED_PRIVATE_HOSTS names
  // them (the dispatcher would refuse them at connect time anyway: named now, not in every failed delivery).
  if (isAllowListedHost(url.hostname, options.allowedPrivateHosts)) return null;
  const literal = url.hostname.startsWith('[') || isIP(url.hostname) === 4;
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalhostName(url.hostname) || (literal && isRefusedAddress(bare))) {
    return `url must not point at localhost or a private, loopback or link-local address: ${url.hostname} is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS`;
  }
  if (literal) return 'url must name a host, not an IP address (unless allow-listed in WEBHOOK_ALLOWED_PRIVATE_HOSTS)';
  return null;
}

/** `localhost`, `localhost.` and any name under it (RFC 6761: they all resolve to loopback). */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return name === 'localhost' || name.endsWith('.localhost');
}
