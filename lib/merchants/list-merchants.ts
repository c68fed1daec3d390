// The merchants of the caller's account, oldest first, optionally of one of its projects.
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { Runtime } from '../runtime/types';
import { merchantRecordColumns, readMerchantRecord, type MerchantWithProject } from './read-merchant-record';

export async function listMerchants(runtime: Pick<Runtime, 'db' | 'keyring'>, options: { accountId: string; projectId?: string }): Promise<MerchantWithProject[]> {
  // A project of another account is a 404, as everywhere else.
  if (options.projectId) await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  const rows = await runtime.db.prisma.merchant.findMany({
    where: { project: { accountId: options.accountId }, ...(options.projectId ? { projectId: options.projectId } : {}) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: merchantRecordColumns,
  });
  return Promise.all(rows.map((row) => readMerchantRecord(runtime, row)));
}
