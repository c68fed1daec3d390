// A new key for an application. The current key becomes the previous key, accepted until the grace
// period ends (none by default: it stops at once); an older previous key is dropped. The rotation that wins
// the compare-and-set writes `application.key_rotated` in its transaction; one that lost writes nothing.
import { forgetApplication } from '../api-keys/api-key-cache';
import { newApiKey } from '../api-keys/api-keys';
import { applicationKeyRotatedData } from '../events/application-event-data';
import { isLivemode } from '../events/livemode';
import { prismaSql } from '../events/prisma-sql';
import { recordEvent } from '../events/record-event';
import type { Runtime } from '../runtime/types';
import { applicationNotFound, getApplicationOrThrow } from './get-application-or-throw';

export type RotatedKey = { id: string; projectId: string; apiKey: string; keyPrefix: string; previousKeyExpiresAt: Date | null };

const ATTEMPTS = 5;

export async function rotateApplicationKey(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; applicationId: string; gracePeriodSeconds: number },
): Promise<RotatedKey> {
  const application = await getApplicationOrThrow(runtime, options);
  const { prisma } = runtime.db;
  // Compare-and-set on the current hash, so two rotations at once cannot both keep "the" old key.
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await prisma.application.findUnique({ where: { id: application.id }, select: { keyHash: true, revokedAt: true } });
    if (!current || current.revokedAt) throw applicationNotFound();
    const key = newApiKey(runtime.keyring, application.environment);
    const previousKeyExpiresAt = options.gracePeriodSeconds > 0 ? new Date(Date.now() + options.gracePeriodSeconds * 1000) : null;
    const rotated = await prisma.$transaction(async (tx) => {
      const { count } = await tx.application.updateMany({
        where: { id: application.id, keyHash: current.keyHash },
        data: {
          keyHash: key.hash,
          keyPrefix: key.prefix,
          previousKeyHash: previousKeyExpiresAt ? current.keyHash : null,
          previousKeyExpiresAt,
          keyRotatedAt: new Date(),
        },
      });
      if (count === 0) return false;
      const data = applicationKeyRotatedData(application, { prefix: key.prefix, previousKeyExpiresAt });
      await recordEvent(prismaSql(tx), { projectId: application.projectId, livemode: isLivemode(application.environment), type: 'application.key_rotated', data });
      return true;
    });
    forgetApplication(application.id);
    if (rotated) {
      return { id: application.id, projectId: application.projectId, apiKey: key.key, keyPrefix: key.prefix, previousKeyExpiresAt };
    }
  }
  throw new Error('key rotation kept racing with another rotation');
}
