// An application and its API key (shown once, stored as a SHA-256 hash). Reveal (`detokenize`) is its own
// permission; when not given it follows `tokenization`, as the spec has tokenization cover detokenize, so
// every caller that does not know it (bootstrap, the CLI, /internal/provision) keeps the spec's behaviour.
import type { Runtime } from '../runtime/types';
import { newApiKey, type EnvironmentName } from '../api-keys/api-keys';

export type ApplicationPermissions = { tokenization: boolean; detokenize: boolean; provisioning: boolean; search: boolean };

/** What a creator asks for: `detokenize` absent follows `tokenization`; `search` absent is off. */
export type RequestedPermissions = { tokenization: boolean; detokenize?: boolean; provisioning: boolean; search?: boolean };

export type CreatedApplication = {
  id: string;
  projectId: string;
  name: string;
  /** Shown once: only its hash is stored. */
  apiKey: string;
  permissions: ApplicationPermissions;
  createdAt: Date;
};

export function resolvePermissions(requested: RequestedPermissions): ApplicationPermissions {
  return {
    tokenization: requested.tokenization,
    detokenize: requested.detokenize ?? requested.tokenization,
    provisioning: requested.provisioning,
    search: requested.search ?? false,
  };
}

export async function createApplication(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { projectId: string; environment: EnvironmentName; name: string; permissions: RequestedPermissions },
): Promise<CreatedApplication> {
  const apiKey = newApiKey(runtime.keyring, options.environment);
  const permissions = resolvePermissions(options.permissions);
  const application = await runtime.db.prisma.application.create({
    data: {
      projectId: options.projectId,
      name: options.name,
      keyHash: apiKey.hash,
      keyPrefix: apiKey.prefix,
      tokenization: permissions.tokenization,
      detokenize: permissions.detokenize,
      provisioning: permissions.provisioning,
      search: permissions.search,
    },
    select: { id: true, createdAt: true },
  });
  return {
    id: application.id,
    projectId: options.projectId,
    name: options.name,
    apiKey: apiKey.key,
    permissions,
    createdAt: application.createdAt,
  };
}
