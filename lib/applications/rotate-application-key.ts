// A new key for an application (lib/api-keys/rotate-with-grace.ts: the previous key kept for the grace
// period, a compare-and-set against concurrent rotations). The rotation that wins the compare-and-set writes `application.key_rotated` in its transaction; one that lost writes nothing.
import { forgetApplication } from '../api-keys/api-key-cache';
import { newApiKey } from '../api-keys/api-keys';
import { rotateWithGrace } from '../api-keys/rotate-with-grace';
import { applicationKeyRotatedData } from '../events/application-event-data';
import { isLivemode } from '../events/livemode';
import { prismaSql } from '../events/prisma-sql';
import { recordEvent } from '../events/record-event';
import type { Runtime } from '../runtime/types';
import { applicationNotFound, getApplicationOrThrow } from './get-application-or-throw';

export type RotatedKey = { id: string; projectId: string; apiKey: string; keyPrefix: string; previousKeyExpiresAt: Date | null };

export async function rotateApplicationKey(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; applicationId: string; gracePeriodSeconds: number },
): Promise<RotatedKey> {
  const application = await getApplicationOrThrow(runtime, options);
  const { prisma } = runtime.db;
  const { key, previousKeyExpiresAt } = await rotateWithGrace({
    gracePeriodSeconds: options.gracePeriodSeconds,
    currentHash: async () => {
      const current = await prisma.application.findUnique({ where: { id: application.id }, select: { keyHash: true, revokedAt: true } });
      if (!current || current.revokedAt) throw applicationNotFound();
      return current.keyHash;
    },
    newKey: () => newApiKey(runtime.keyring, application.environment),
    swap: ({ key, currentHash, previousKeyHash, previousKeyExpiresAt }) =>
      prisma.$transaction(async (tx) => {
        const { count } = await tx.application.updateMany({
          where: { id: application.id, keyHash: currentHash },
          data: { keyHash: key.hash, keyPrefix: key.prefix, previousKeyHash, previousKeyExpiresAt, keyRotatedAt: new Date() },
        });
        if (count === 0) return false;
        const data = applicationKeyRotatedData(application, { prefix: key.prefix, previousKeyExpiresAt });
        await recordEvent(prismaSql(tx), { projectId: application.projectId, livemode: isLivemode(application.environment), type: 'application.key_rotated', data });
        return true;
      }),
    afterAttempt: () => forgetApplication(application.id),
  });
  return { id: application.id, projectId: application.projectId, apiKey: key.key, keyPrefix: key.prefix, previousKeyExpiresAt };
}
