// The project an application goes into: the one named (it must belong to the caller's account), or
// by default the account's first test project (the oldest).
import type { Runtime } from '../runtime/types';
import { projectNotFound } from './get-project-or-throw';

export async function getAccountProjectOrThrow(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; projectId?: string },
): Promise<{ id: string; environment: 'test' | 'production' }> {
  const project = await runtime.db.prisma.project.findFirst({
    where: options.projectId ? { id: options.projectId, accountId: options.accountId } : { accountId: options.accountId, environment: 'test' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, environment: true },
  });
  if (!project) throw projectNotFound();
  return project;
}
