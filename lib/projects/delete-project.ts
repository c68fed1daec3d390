// Deletes a project with its applications and tokens (database cascade); their keys stop working at
// once on this node (cache eviction). The account's last test project cannot be deleted.
import { forgetApplication } from '../api-keys/api-key-cache';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { getProjectRowOrThrow, projectNotFound } from './get-project-or-throw';
import { lockAccount } from './lock-account';

export const LAST_TEST_PROJECT = 'The account must keep at least one test project';

export async function deleteProject(runtime: Pick<Runtime, 'db'>, options: { accountId: string; projectId: string }): Promise<void> {
  const project = await getProjectRowOrThrow(runtime, options);
  const applicationIds = await runtime.db.prisma.$transaction(async (tx) => {
    await lockAccount(tx, options.accountId);
    if (project.environment === 'test') {
      const testProjects = await tx.project.count({ where: { accountId: options.accountId, environment: 'test' } });
      if (testProjects <= 1) throw new VaultError('conflict', LAST_TEST_PROJECT);
    }
    const applications = await tx.application.findMany({ where: { projectId: project.id }, select: { id: true } });
    const deleted = await tx.project.deleteMany({ where: { id: project.id, accountId: options.accountId } });
    if (deleted.count === 0) throw projectNotFound();
    return applications.map((application) => application.id);
  });
  for (const id of applicationIds) forgetApplication(id);
}
