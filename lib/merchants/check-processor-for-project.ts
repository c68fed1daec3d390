// The checks a processor passes before a merchant saves it (create, update), in one place: the kind the
// project's environment allows (sandbox only in test projects) and the project's destination allow-list.
// Answers the project's key columns, whose data key seals the processor.
import type { TProcessorConfig } from './processor-schemas';
import { readAllowedProxyHosts } from '../outbound/proxy-host-allow-list';
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import type { Runtime } from '../runtime/types';
import { assertProcessorAllowed } from './assert-processor-allowed';
import { assertProcessorHostAllowed } from './assert-processor-host-allowed';

export async function checkProcessorForProject(
  runtime: Pick<Runtime, 'db' | 'config'>,
  options: { projectId: string; environment: 'test' | 'production'; processor: TProcessorConfig },
): Promise<ProjectKeyRef> {
  assertProcessorAllowed(options.processor, options.environment);
  const { allowedProxyHosts, ...keys } = await runtime.db.prisma.project.findUniqueOrThrow({
    where: { id: options.projectId },
    select: { ...PROJECT_KEY_COLUMNS, allowedProxyHosts: true },
  });
  const policy = { environment: options.environment, allowedProxyHosts: readAllowedProxyHosts(allowedProxyHosts) };
  assertProcessorHostAllowed(options.processor, policy, runtime.config.PROXY_REQUIRE_ALLOW_LIST);
  return keys;
}
