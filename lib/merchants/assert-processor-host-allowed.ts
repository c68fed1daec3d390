// A merchant's http processor sends its project's card data: its URL must pass the project's destination
// allow-list (`allowed_proxy_hosts`; a production project without one reaches nothing) when the merchant is
// saved, as every charge checks it again. 400 `proxy_host_not_allowed` naming `processor.url` otherwise,
// with the message POST /proxy/transaction gives.
import type { TProcessorConfig } from './processor-schemas';
import { VaultError } from '../core/errors';
import { isProxyHostAllowed, proxyHostNotAllowed, type ProxyHostPolicy } from '../outbound/proxy-host-allow-list';

export function assertProcessorHostAllowed(processor: TProcessorConfig, policy: ProxyHostPolicy, requireAllowList: boolean): void {
  if (processor.type !== 'http') return;
  // Already an absolute https URL: the processor schema checked it.
  const url = new URL(processor.url);
  if (isProxyHostAllowed(url, policy, requireAllowList)) return;
  const refusal = proxyHostNotAllowed(url);
  const reason =
    policy.allowedProxyHosts === null
      ? 'the project lists no host in allowed_proxy_hosts, so its card data may go nowhere yet'
      : "the URL's host (and port) is not in the project's allowed_proxy_hosts";
  throw new VaultError(refusal.code, refusal.message, [{ path: 'processor.url', message: reason }]);
}
