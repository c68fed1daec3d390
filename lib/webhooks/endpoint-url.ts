// Where an endpoint may point: an https URL without credentials (an IP literal only if allow-listed in
// PROXY_ALLOWED_PRIVATE_HOSTS, like the proxy's targets), or plain http to localhost in a test project
// (a developer's receiver; 127.0.0.1 and [::1] only if allow-listed too, as the dispatcher would refuse them). Host names are judged again at connect time by the SSRF-guarded dispatcher:
// a name resolving to a private address is refused then, unless allow-listed.
import { isIP } from 'node:net';
import { isAllowListedHost } from '../proxy/proxy-url';
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
  // The dispatcher refuses an address literal at connect time unless it is allow-listed: refused here, the
  // mistake is named now, not hidden in an endpoint whose every delivery fails. Loopback ones over http too.
  const literal = url.hostname.startsWith('[') || isIP(url.hostname) === 4;
  if (literal && !isAllowListedHost(url.hostname, options.allowedPrivateHosts)) return 'url must name a host, not an IP address (unless allow-listed in PROXY_ALLOWED_PRIVATE_HOSTS)';
  return null;
}
