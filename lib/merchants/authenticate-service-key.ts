// Resolves an X-SERVICE-API-KEY to its merchant (the current key, or the previous one during its rotation
// grace period). Missing, malformed and unknown keys are the same 401. The merchant must belong to the
// vault key's project: a key of another project is a 403 (both keys are valid, they do not belong together).
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { SERVICE_KEY_SHAPE } from './service-keys';

export type ServiceKeyMerchant = { id: string; projectId: string; name: string };

export async function authenticateServiceKey(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { rawKey: string | null; projectId: string },
): Promise<ServiceKeyMerchant> {
  const key = options.rawKey?.trim();
  if (!key || !SERVICE_KEY_SHAPE.test(key)) throw new VaultError('invalid_service_api_key', messages.invalidServiceApiKey);
  const keyHash = runtime.keyring.hashSecret(key);
  const merchant = await runtime.db.prisma.merchant.findFirst({
    where: { OR: [{ keyHash }, { previousKeyHash: keyHash, previousKeyExpiresAt: { gt: new Date() } }] },
    select: { id: true, projectId: true, name: true },
  });
  if (!merchant) throw new VaultError('invalid_service_api_key', messages.invalidServiceApiKey);
  if (merchant.projectId !== options.projectId) {
    throw new VaultError('merchant_mismatch', 'The service API key belongs to a merchant of another project than the API key');
  }
  return merchant;
}
