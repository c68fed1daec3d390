// Deletes a project with its applications and tokens (database cascade); their keys stop working at
// once on this node (cache eviction). The account's last test project cannot be deleted.
// Crypto-shredding (issue 25): in the same transaction the project's data keys are destroyed, the earlier
// versions (project_data_keys) explicitly and the current data key and fingerprint key with the project's
// row, so no ciphertext of the project, even one in an earlier database dump, can be opened with this
// database any more (an older dump still holds its own copy of the wrapped keys: see docs/security.md).
// This process also forgets the keys it had unwrapped; other nodes' caches hold them until they restart,
// with nothing left to open.
import { forgetApplication } from '../api-keys/api-key-cache';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { getProjectRowOrThrow, projectNotFound } from './get-project-or-throw';
import { lockAccount } from './lock-account';

export const LAST_TEST_PROJECT = 'The account must keep at least one test project';

export async function deleteProject(runtime: Pick<Runtime, 'db' | 'keyring'>, options: { accountId: string; projectId: string }): Promise<void> {
  const project = await getProjectRowOrThrow(runtime, options);
  const applicationIds = await runtime.db.prisma.$transaction(async (tx) => {
    await lockAccount(tx, options.accountId);
    if (project.environment === 'test') {
      const testProjects = await tx.project.count({ where: { accountId: options.accountId, environment: 'test' } });
      if (testProjects <= 1) throw new VaultError('conflict', LAST_TEST_PROJECT);
    }
    const applications = await tx.application.findMany({ where: { projectId: project.id }, select: { id: true } });
    await tx.projectDataKey.deleteMany({ where: { projectId: project.id } });
    const deleted = await tx.project.deleteMany({ where: { id: project.id, accountId: options.accountId } });
    if (deleted.count === 0) throw projectNotFound();
    return applications.map((application) => application.id);
  });
  runtime.keyring.forgetProject(project.id);
  for (const id of applicationIds) forgetApplication(id);
}
