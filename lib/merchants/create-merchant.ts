// A new merchant in one of the caller's account's projects (default: its first test project). Its service
// key is returned here once; only the hash is stored. The processor configuration is sealed at rest. An
// http processor's URL must pass the project's destination allow-list.
import { randomUUID } from 'node:crypto';
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { TProcessorConfig } from './processor-schemas';
import type { Runtime } from '../runtime/types';
import { checkProcessorForProject } from './check-processor-for-project';
import type { MerchantRecord } from './present-merchant';
import { sealProcessor } from './processor-seal';
import { newServiceKey } from './service-keys';

export type CreatedMerchant = MerchantRecord & { serviceApiKey: string };

export async function createMerchant(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config'>,
  options: { accountId: string; projectId?: string; name: string; processor: TProcessorConfig },
): Promise<CreatedMerchant> {
  const project = await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  const projectKeys = await checkProcessorForProject(runtime, { projectId: project.id, environment: project.environment, processor: options.processor });
  const id = randomUUID();
  const key = newServiceKey(runtime.keyring, project.environment);
  const row = await runtime.db.prisma.merchant.create({
    data: {
      id,
      projectId: project.id,
      name: options.name,
      processorType: options.processor.type,
      ...sealProcessor(runtime, projectKeys, id, options.processor),
      keyPrefix: key.prefix,
      keyHash: key.hash,
    },
    select: { createdAt: true, updatedAt: true },
  });
  return { id, projectId: project.id, name: options.name, processor: options.processor, keyPrefix: key.prefix, ...row, serviceApiKey: key.key };
}
