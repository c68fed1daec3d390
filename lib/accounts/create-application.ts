import type { Runtime } from '../runtime';
import { newApiKey, type EnvironmentName } from './api-keys';

export type ApplicationPermissions = { tokenization: boolean; provisioning: boolean };

export type CreatedApplication = {
  id: string;
  projectId: string;
  name: string;
  /** Shown once: only its hash is stored. */
  apiKey: string;
  permissions: ApplicationPermissions;
  createdAt: Date;
};

export async function createApplication(
  runtime: Pick<Runtime, 'db'>,
  options: { projectId: string; environment: EnvironmentName; name: string; permissions: ApplicationPermissions },
): Promise<CreatedApplication> {
  const apiKey = newApiKey(options.environment);
  const application = await runtime.db.prisma.application.create({
    data: {
      projectId: options.projectId,
      name: options.name,
      keyHash: apiKey.hash,
      keyPrefix: apiKey.prefix,
      tokenization: options.permissions.tokenization,
      provisioning: options.permissions.provisioning,
    },
    select: { id: true, createdAt: true },
  });
  return {
    id: application.id,
    projectId: options.projectId,
    name: options.name,
    apiKey: apiKey.key,
    permissions: { ...options.permissions },
    createdAt: application.createdAt,
  };
}
