// The projects of one account, oldest first, with the pub key of production projects.
import type { Runtime } from '../runtime/types';
import { presentProject, projectColumns, type PresentedProject } from './present-project';

export async function listProjects(runtime: Pick<Runtime, 'db' | 'keyring'>, options: { accountId: string }): Promise<PresentedProject[]> {
  const projects = await runtime.db.prisma.project.findMany({
    where: { accountId: options.accountId },
    select: { ...projectColumns, pubKeyWrapped: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return projects.map(({ pubKeyWrapped, ...project }) =>
    presentProject(project, pubKeyWrapped ? runtime.keyring.unwrapSecret(pubKeyWrapped, `pub-key/${project.id}`) : undefined),
  );
}
