// A new merchant in one of the caller's account's projects (default: its first test project). Its service
// key is returned here once; only the hash is stored. The processor configuration is sealed at rest. An
// http processor's URL must pass the project's destination allow-list.
import { randomUUID } from 'node:crypto';
import { getAccountProjectOrThrow } from '../applications/get-account-project-or-throw';
import type { TProcessorConfig } from '../checkout/processors/schemas';
import type { Runtime } from '../runtime';
import { readAllowedProxyHosts } from '../proxy/proxy-host-allow-list';
import { assertProcessorAllowed } from './assert-processor-allowed';
import { assertProcessorHostAllowed } from './assert-processor-host-allowed';
import type { MerchantRecord } from './present-merchant';
import { sealProcessor } from './processor-seal';
import { newServiceKey } from './service-keys';

export type CreatedMerchant = MerchantRecord & { serviceApiKey: string };

export async function createMerchant(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config'>,
  options: { accountId: string; projectId?: string; name: string; processor: TProcessorConfig },
): Promise<CreatedMerchant> {
  const project = await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  assertProcessorAllowed(options.processor, project.environment);
  const { wrappedDataKey, allowedProxyHosts } = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: project.id }, select: { wrappedDataKey: true, allowedProxyHosts: true } });
  assertProcessorHostAllowed(
    options.processor,
    { environment: project.environment, allowedProxyHosts: readAllowedProxyHosts(allowedProxyHosts) },
    runtime.config.PROXY_REQUIRE_ALLOW_LIST,
  );
  const id = randomUUID();
  const key = newServiceKey(project.environment);
  const row = await runtime.db.prisma.merchant.create({
    data: {
      id,
      projectId: project.id,
      name: options.name,
      processorType: options.processor.type,
      processorSealed: sealProcessor(runtime, { id: project.id, wrappedDataKey }, id, options.processor),
      keyPrefix: key.prefix,
      keyHash: key.hash,
    },
    select: { createdAt: true, updatedAt: true },
  });
  return { id, projectId: project.id, name: options.name, processor: options.processor, keyPrefix: key.prefix, ...row, serviceApiKey: key.key };
}
