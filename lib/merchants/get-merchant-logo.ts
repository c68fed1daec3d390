// A merchant's stored logo by merchant id and SHA-256: the checkout's image URL names both, so a replaced
// logo's old URL is a 404 and every URL can be cached forever. No tenant check: the logo is public, shown
// to every customer of the merchant's checkout.
import type { Runtime } from '../runtime/types';
import { isUuid } from '../core/uuid';

export type MerchantLogoFile = { contentType: string; bytes: Uint8Array; sha256: string };

export async function getMerchantLogo(runtime: Pick<Runtime, 'db'>, options: { merchantId: string; sha256: string }): Promise<MerchantLogoFile | null> {
  if (!isUuid(options.merchantId) || !/^[0-9a-f]{64}$/.test(options.sha256)) return null;
  const row = await runtime.db.prisma.merchantLogo.findFirst({
    where: { merchantId: options.merchantId, sha256: options.sha256 },
    select: { contentType: true, bytes: true, sha256: true },
  });
  return row;
}
