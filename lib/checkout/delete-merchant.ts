// Deletes a merchant for good: its service key stops working at once. Its checkout sessions stay (payment
// history; they carry the merchant id without a foreign key), and the open ones are expired, each with its
// `checkout.session.expired` event, in the same transaction: without a merchant there is no processor to
// charge through. A session whose charge is in flight (a live claim) is left to that charge's outcome, as
// expiry at the deadline does; a session it leaves open is expired by its next Pay or by the sweeper.
import { endCheckoutSessions, NO_LIVE_CLAIM } from './end-checkout-sessions';
import { prismaSql } from '../events/prisma-sql';
import type { Runtime } from '../runtime/types';
import { getMerchantOrThrow, merchantNotFound } from '../merchants/get-merchant-or-throw';

export async function deleteMerchant(runtime: Pick<Runtime, 'db' | 'keyring'>, options: { accountId: string; merchantId: string }): Promise<{ id: string; projectId: string }> {
  const merchant = await getMerchantOrThrow(runtime, options);
  const deleted = await runtime.db.prisma.$transaction(async (tx) => {
    const { count } = await tx.merchant.deleteMany({ where: { id: merchant.id } });
    if (count === 0) return false;
    await endCheckoutSessions(prismaSql(tx), 'expired', `merchant_id = $1::uuid AND ${NO_LIVE_CLAIM('$2::timestamptz')}`, [merchant.id, new Date()]);
    return true;
  });
  if (!deleted) throw merchantNotFound();
  return { id: merchant.id, projectId: merchant.projectId };
}
