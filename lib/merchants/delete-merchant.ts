// Deletes a merchant for good: its service key stops working at once. Its checkout sessions stay (payment
// history; they carry the merchant id without a foreign key), and the open ones are expired: without a
// merchant there is no processor to charge through.
import type { Runtime } from '../runtime';
import { getMerchantOrThrow, merchantNotFound } from './get-merchant-or-throw';

export async function deleteMerchant(runtime: Pick<Runtime, 'db' | 'keyring'>, options: { accountId: string; merchantId: string }): Promise<{ id: string; projectId: string }> {
  const merchant = await getMerchantOrThrow(runtime, options);
  const { prisma } = runtime.db;
  const [deleted] = await prisma.$transaction([
    prisma.merchant.deleteMany({ where: { id: merchant.id } }),
    prisma.checkoutSession.updateMany({ where: { merchantId: merchant.id, status: 'open' }, data: { status: 'expired' } }),
  ]);
  if (deleted.count === 0) throw merchantNotFound();
  return { id: merchant.id, projectId: merchant.projectId };
}
