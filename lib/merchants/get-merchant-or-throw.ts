// One merchant of the caller's account, its processor opened. Another account's merchant and an id that
// is not even a UUID are the same 404, so a caller learns nothing about other tenants.
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { merchantRecordColumns, readMerchantRecord, type MerchantWithProject } from './read-merchant-record';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const merchantNotFound = () => new VaultError('not_found', 'Merchant not found');

export async function getMerchantOrThrow(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; merchantId: string },
): Promise<MerchantWithProject> {
  if (!UUID.test(options.merchantId)) throw merchantNotFound();
  const row = await runtime.db.prisma.merchant.findFirst({
    where: { id: options.merchantId, project: { accountId: options.accountId } },
    select: merchantRecordColumns,
  });
  if (!row) throw merchantNotFound();
  return readMerchantRecord(runtime, row);
}
