// A new service key for a merchant. The current key becomes the previous key, accepted until the grace
// period ends (none by default: it stops at once); an older previous key is dropped.
import type { Runtime } from '../runtime/types';
import { getMerchantOrThrow, merchantNotFound } from './get-merchant-or-throw';
import { newServiceKey } from './service-keys';

export type RotatedServiceKey = { id: string; projectId: string; serviceApiKey: string; keyPrefix: string; previousKeyExpiresAt: Date | null };

const ATTEMPTS = 5;

export async function rotateMerchantKey(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; merchantId: string; gracePeriodSeconds: number },
): Promise<RotatedServiceKey> {
  const merchant = await getMerchantOrThrow(runtime, options);
  const { prisma } = runtime.db;
  // Compare-and-set on the current hash, so two rotations at once cannot both keep "the" old key.
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await prisma.merchant.findUnique({ where: { id: merchant.id }, select: { keyHash: true } });
    if (!current) throw merchantNotFound();
    const key = newServiceKey(runtime.keyring, merchant.environment);
    const previousKeyExpiresAt = options.gracePeriodSeconds > 0 ? new Date(Date.now() + options.gracePeriodSeconds * 1000) : null;
    const updated = await prisma.merchant.updateMany({
      where: { id: merchant.id, keyHash: current.keyHash },
      data: { keyHash: key.hash, keyPrefix: key.prefix, previousKeyHash: previousKeyExpiresAt ? current.keyHash : null, previousKeyExpiresAt },
    });
    if (updated.count === 1) {
      return { id: merchant.id, projectId: merchant.projectId, serviceApiKey: key.key, keyPrefix: key.prefix, previousKeyExpiresAt };
    }
  }
  throw new Error('service key rotation kept racing with another rotation');
}
