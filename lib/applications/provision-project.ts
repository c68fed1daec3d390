// POST /internal/provision: a sub-project in the account of the calling key's project, with one
// application allowed to tokenize (and so, by default, to reveal; `permissions` may say otherwise). The API key (and the pub key of a
// production project) is shown once. A test project's key provisions test projects only: a leaked test
// key must not mint production credentials. The account's project cap applies (createProject).
import { createApplication, type CreatedApplication } from './create-application';
import { createProject, type CreatedProject } from '../projects/create-project';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';

export type ProvisionedProject = { project: CreatedProject; application: CreatedApplication };

export async function provisionProject(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config'>,
  options: { sourceProjectId: string; name: string; production?: boolean; permissions?: { tokenization?: boolean; detokenize?: boolean } },
): Promise<ProvisionedProject> {
  const { prisma } = runtime.db;
  const source = await prisma.project.findUniqueOrThrow({ where: { id: options.sourceProjectId }, select: { accountId: true, environment: true } });
  const environment = options.production ? 'production' : 'test';
  if (environment === 'production' && source.environment !== 'production') {
    throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
  }
  const project = await createProject(runtime, { accountId: source.accountId, name: options.name, environment });
  try {
    const application = await createApplication(runtime, {
      projectId: project.id,
      environment,
      name: options.name,
      // detokenize absent follows tokenization (default true), as for every application created without it.
      permissions: { tokenization: options.permissions?.tokenization ?? true, detokenize: options.permissions?.detokenize, provisioning: false },
    });
    return { project, application };
  } catch (error) {
    // No half-provisioned project left behind.
    await prisma.project.deleteMany({ where: { id: project.id } });
    throw error;
  }
}
