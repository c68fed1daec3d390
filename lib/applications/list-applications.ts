// The applications of the caller's account, oldest first, optionally of one of its projects, with the
// previous key's uses where a rotation's grace period runs.
import type { Runtime } from '../runtime/types';
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import { withPreviousKeyUses } from './count-previous-key-uses';
import { applicationColumns, type ApplicationViewRow } from './present-application';

export async function listApplications(runtime: Pick<Runtime, 'db'>, options: { accountId: string; projectId?: string }): Promise<ApplicationViewRow[]> {
  // A project of another account is a 404, as everywhere else.
  if (options.projectId) await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  const rows = await runtime.db.prisma.application.findMany({
    where: { revokedAt: null, project: { accountId: options.accountId }, ...(options.projectId ? { projectId: options.projectId } : {}) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: applicationColumns,
  });
  // The previous keys' uses of every application in a grace period: one grouped query, not one per row.
  return withPreviousKeyUses(runtime, rows);
}
