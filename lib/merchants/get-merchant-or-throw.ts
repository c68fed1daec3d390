// One merchant of the caller's account, its processor opened. Another account's merchant and an id that
// is not even a UUID are the same 404, so a caller learns nothing about other tenants.
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { merchantRecordColumns, readMerchantRecord, type MerchantWithProject } from './read-merchant-record';
import { isUuid } from '../core/uuid';


export const merchantNotFound = () => new VaultError('not_found', 'Merchant not found');

export async function getMerchantOrThrow(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; merchantId: string },
): Promise<MerchantWithProject> {
  if (!isUuid(options.merchantId)) throw merchantNotFound();
  const row = await runtime.db.prisma.merchant.findFirst({
    where: { id: options.merchantId, project: { accountId: options.accountId } },
    select: merchantRecordColumns,
  });
  if (!row) throw merchantNotFound();
  return readMerchantRecord(runtime, row);
}
