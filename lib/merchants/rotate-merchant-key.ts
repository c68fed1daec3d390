// A new service key for a merchant (lib/api-keys/rotate-with-grace.ts: the previous key kept for the grace
// period, a compare-and-set against concurrent rotations).
import { rotateWithGrace } from '../api-keys/rotate-with-grace';
import type { Runtime } from '../runtime/types';
import { getMerchantOrThrow, merchantNotFound } from './get-merchant-or-throw';
import { newServiceKey } from './service-keys';

export type RotatedServiceKey = { id: string; projectId: string; serviceApiKey: string; keyPrefix: string; previousKeyExpiresAt: Date | null };

export async function rotateMerchantKey(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; merchantId: string; gracePeriodSeconds: number },
): Promise<RotatedServiceKey> {
  const merchant = await getMerchantOrThrow(runtime, options);
  const { prisma } = runtime.db;
  const { key, previousKeyExpiresAt } = await rotateWithGrace({
    gracePeriodSeconds: options.gracePeriodSeconds,
    currentHash: async () => {
      const current = await prisma.merchant.findUnique({ where: { id: merchant.id }, select: { keyHash: true } });
      if (!current) throw merchantNotFound();
      return current.keyHash;
    },
    newKey: () => newServiceKey(runtime.keyring, merchant.environment),
    swap: async ({ key, currentHash, previousKeyHash, previousKeyExpiresAt }) => {
      const updated = await prisma.merchant.updateMany({
        where: { id: merchant.id, keyHash: currentHash },
        data: { keyHash: key.hash, keyPrefix: key.prefix, previousKeyHash, previousKeyExpiresAt },
      });
      return updated.count === 1;
    },
  });
  return { id: merchant.id, projectId: merchant.projectId, serviceApiKey: key.key, keyPrefix: key.prefix, previousKeyExpiresAt };
}
