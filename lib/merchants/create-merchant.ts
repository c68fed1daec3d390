// A new merchant in one of the caller's account's projects (default: its first test project). Its service
// key is returned here once; only the hash is stored. The processor configuration is sealed at rest. An
// http processor's URL must pass the project's destination allow-list. Branding may come with it (its logo
// checked or fetched before anything is written).
import { randomUUID } from 'node:crypto';
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { TProcessorConfig } from './processor-schemas';
import type { TBrandingRequest } from './branding-schemas';
import { logoStatements, prepareBranding } from './prepare-branding';
import type { Runtime } from '../runtime/types';
import { checkProcessorForProject } from './check-processor-for-project';
import type { MerchantRecord } from './present-merchant';
import { sealProcessor } from './processor-seal';
import { newServiceKey } from './service-keys';

export type CreatedMerchant = MerchantRecord & { serviceApiKey: string };

export async function createMerchant(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config' | 'webhooks'>,
  options: { accountId: string; projectId?: string; name: string; processor: TProcessorConfig; branding?: TBrandingRequest },
): Promise<CreatedMerchant> {
  const project = await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  const projectKeys = await checkProcessorForProject(runtime, { projectId: project.id, environment: project.environment, processor: options.processor });
  const branding = options.branding ? await prepareBranding(runtime, { branding: options.branding, storedSourceUrl: null }) : null;
  const id = randomUUID();
  const key = newServiceKey(runtime.keyring, project.environment);
  const create = runtime.db.prisma.merchant.create({
    data: {
      id,
      projectId: project.id,
      name: options.name,
      processorType: options.processor.type,
      ...sealProcessor(runtime, projectKeys, id, options.processor),
      keyPrefix: key.prefix,
      keyHash: key.hash,
      ...(branding ? { branding: branding.branding } : {}),
    },
    select: { createdAt: true, updatedAt: true, branding: true, logo: { select: { contentType: true, sha256: true, sourceUrl: true } } },
  });
  const [row] = await runtime.db.prisma.$transaction([create, ...(branding ? logoStatements(runtime.db.prisma, id, branding.logo) : [])]);
  // The logo row is written after the merchant's: read back with it.
  const logo = branding?.logo.kind === 'store' ? { contentType: branding.logo.logo.contentType, sha256: branding.logo.sha256, sourceUrl: branding.logo.sourceUrl } : null;
  return { id, projectId: project.id, name: options.name, processor: options.processor, keyPrefix: key.prefix, ...row, logo, serviceApiKey: key.key };
}
