// A new project in the caller's account: test by default, production (with a pub key) on request.
import { createProject } from './create-project';
import type { Runtime } from '../runtime/types';
import { presentProject, projectColumns, type PresentedProject } from './present-project';

export async function createAccountProject(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config'>,
  options: { accountId: string; name: string; production?: boolean },
): Promise<PresentedProject> {
  const created = await createProject(runtime, { accountId: options.accountId, name: options.name, environment: options.production ? 'production' : 'test' });
  const row = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: created.id }, select: projectColumns });
  return presentProject(row, created.pubKey);
}
