// A Pay through an http processor whose host the project's destination allow-list refuses answers 400
// `proxy_host_not_allowed` (the proxy's refusal) before the card is tokenized, an attempt is used or
// anything connects: nothing could succeed, so nothing is stored. A URL that no longer parses is left to
// the charge, which fails it as an invalid configuration.
import { assertProxyHostAllowed, type ProxyHostPolicy } from '../../outbound/proxy-host-allow-list';
import type { TProcessorConfig } from '../../merchants/processor-schemas';

export function assertChargeDestination(processor: TProcessorConfig, policy: ProxyHostPolicy, requireAllowList: boolean): void {
  if (processor.type !== 'http' || !URL.canParse(processor.url)) return;
  assertProxyHostAllowed(new URL(processor.url), policy, requireAllowList);
}
