// A project of the caller's account, or 404 `Project not found` (also for another account's project).
import { revealPubKey } from './create-project';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { presentProject, projectColumns, type PresentedProject, type ProjectRow } from './present-project';
import { isUuid } from '../core/uuid';

export const projectNotFound = () => new VaultError('not_found', 'Project not found');

export async function getProjectRowOrThrow(runtime: Pick<Runtime, 'db'>, options: { accountId: string; projectId: string }): Promise<ProjectRow> {
  // Not a UUID: no such project (and no database error for a malformed id).
  if (!isUuid(options.projectId)) throw projectNotFound();
  const project = await runtime.db.prisma.project.findFirst({ where: { id: options.projectId, accountId: options.accountId }, select: projectColumns });
  if (!project) throw projectNotFound();
  return project;
}

export async function getProjectOrThrow(runtime: Pick<Runtime, 'db' | 'keyring'>, options: { accountId: string; projectId: string }): Promise<PresentedProject> {
  const project = await getProjectRowOrThrow(runtime, options);
  return presentProject(project, project.environment === 'production' ? await revealPubKey(runtime, project.id) : undefined);
}
