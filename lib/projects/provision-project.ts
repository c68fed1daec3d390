// POST /internal/provision: a sub-project in the account of the calling key's project, with one
// application allowed to tokenize. The API key (and the pub key of a production project) is shown once.
import { createApplication, type CreatedApplication } from '../accounts/create-application';
import { createProject, type CreatedProject } from '../accounts/create-project';
import type { Runtime } from '../runtime';

export type ProvisionedProject = { project: CreatedProject & { createdAt: Date }; application: CreatedApplication };

export async function provisionProject(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { sourceProjectId: string; name: string; production?: boolean },
): Promise<ProvisionedProject> {
  const { prisma } = runtime.db;
  const source = await prisma.project.findUniqueOrThrow({ where: { id: options.sourceProjectId }, select: { accountId: true } });
  const environment = options.production ? 'production' : 'test';
  const project = await createProject(runtime, { accountId: source.accountId, name: options.name, environment });
  try {
    const application = await createApplication(runtime, {
      projectId: project.id,
      environment,
      name: options.name,
      permissions: { tokenization: true, provisioning: false },
    });
    const { createdAt } = await prisma.project.findUniqueOrThrow({ where: { id: project.id }, select: { createdAt: true } });
    return { project: { ...project, createdAt }, application };
  } catch (error) {
    // No half-provisioned project left behind.
    await prisma.project.deleteMany({ where: { id: project.id } });
    throw error;
  }
}
