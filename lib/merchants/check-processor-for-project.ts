// The checks a processor passes before a merchant saves it (create, update), in one place: the kind the
// project's environment allows (sandbox only in test projects) and the project's destination allow-list.
// Answers the project's wrapped data key, which seals the processor.
import type { TProcessorConfig } from '../checkout/processors/schemas';
import { readAllowedProxyHosts } from '../proxy/proxy-host-allow-list';
import type { Runtime } from '../runtime';
import { assertProcessorAllowed } from './assert-processor-allowed';
import { assertProcessorHostAllowed } from './assert-processor-host-allowed';

export async function checkProcessorForProject(
  runtime: Pick<Runtime, 'db' | 'config'>,
  options: { projectId: string; environment: 'test' | 'production'; processor: TProcessorConfig },
): Promise<{ wrappedDataKey: Uint8Array }> {
  assertProcessorAllowed(options.processor, options.environment);
  const { wrappedDataKey, allowedProxyHosts } = await runtime.db.prisma.project.findUniqueOrThrow({
    where: { id: options.projectId },
    select: { wrappedDataKey: true, allowedProxyHosts: true },
  });
  const policy = { environment: options.environment, allowedProxyHosts: readAllowedProxyHosts(allowedProxyHosts) };
  assertProcessorHostAllowed(options.processor, policy, runtime.config.PROXY_REQUIRE_ALLOW_LIST);
  return { wrappedDataKey };
}
