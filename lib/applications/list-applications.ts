// The applications of the caller's account, oldest first, optionally of one of its projects.
import type { Runtime } from '../runtime';
import { getAccountProjectOrThrow } from './get-account-project-or-throw';
import { applicationColumns, type ApplicationRow } from './present-application';

export async function listApplications(runtime: Pick<Runtime, 'db'>, options: { accountId: string; projectId?: string }): Promise<ApplicationRow[]> {
  // A project of another account is a 404, as everywhere else.
  if (options.projectId) await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  return runtime.db.prisma.application.findMany({
    where: { revokedAt: null, project: { accountId: options.accountId }, ...(options.projectId ? { projectId: options.projectId } : {}) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: applicationColumns,
  });
}
