// A merchant's http processor sends its project's card data: its URL must pass the project's destination
// allow-list (`allowed_proxy_hosts`, PROXY_REQUIRE_ALLOW_LIST) when the merchant is saved, as every charge
// checks it again. 400 `Invalid proxy URL` (`proxy_host_not_allowed`) naming `processor.url` otherwise.
import type { TProcessorConfig } from '../checkout/processors/schemas';
import { VaultError, messages } from '../http/errors';
import { isProxyHostAllowed, type ProxyHostPolicy } from '../proxy/proxy-host-allow-list';

export function assertProcessorHostAllowed(processor: TProcessorConfig, policy: ProxyHostPolicy, requireAllowList: boolean): void {
  if (processor.type !== 'http') return;
  // Already an absolute https URL: the processor schema checked it.
  if (isProxyHostAllowed(new URL(processor.url), policy, requireAllowList)) return;
  const message =
    policy.allowedProxyHosts === null
      ? 'production projects need allowed_proxy_hosts on this server (PROXY_REQUIRE_ALLOW_LIST): the project lists no host'
      : "the URL's host (and port) is not in the project's allowed_proxy_hosts";
  throw new VaultError('proxy_host_not_allowed', messages.invalidProxyUrl, [{ path: 'processor.url', message }]);
}
