// POST /test-tokens signed in with a session instead of an API key (the dashboard): the project is the
// `project_id` query parameter, or the account's first test project; another account's is a 404.
import { PRINCIPAL_PROJECT_COLUMNS, principalProject } from '../api-keys/principal';
import { z } from 'zod';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import type { TokenCreator } from './create-token';

const ZProjectId = z.uuid();

export async function getSessionTestProjectOrThrow(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; projectId: string | null },
): Promise<TokenCreator['project']> {
  if (options.projectId !== null && !ZProjectId.safeParse(options.projectId).success) {
    throw VaultError.validation([{ path: 'project_id', message: 'project_id must be a UUID' }]);
  }
  const project = await runtime.db.prisma.project.findFirst({
    where: { accountId: options.accountId, ...(options.projectId ? { id: options.projectId } : { environment: 'test' }) },
    orderBy: { createdAt: 'asc' },
    select: PRINCIPAL_PROJECT_COLUMNS,
  });
  if (!project) throw new VaultError('not_found', 'Project not found');
  return principalProject(project);
}
