// One application of the caller's account. Another account's application, a revoked one and an id that
// is not even a UUID are the same 404, so a caller learns nothing about other tenants.
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { applicationColumns, type ApplicationRow } from './present-application';
import { isUuid } from '../core/uuid';


export const applicationNotFound = () => new VaultError('not_found', 'Application not found');

export async function getApplicationOrThrow(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; applicationId: string },
): Promise<ApplicationRow & { environment: 'test' | 'production' }> {
  if (!isUuid(options.applicationId)) throw applicationNotFound();
  const row = await runtime.db.prisma.application.findFirst({
    where: { id: options.applicationId, revokedAt: null, project: { accountId: options.accountId } },
    select: { ...applicationColumns, project: { select: { environment: true } } },
  });
  if (!row) throw applicationNotFound();
  const { project, ...application } = row;
  return { ...application, environment: project.environment };
}
