// The public shape of a merchant in list, get and update responses: the processor with every header value
// shown as "********", the service key's prefix, never the key, its hash or the sealed configuration; the
// branding with its logo's served path.
import type { z } from 'zod';
import { presentBranding, type StoredLogo } from './present-branding';
import { redactProcessorConfig, type TProcessorConfig } from './processor-schemas';
import type { ZMerchantView } from './schemas';

export type MerchantRecord = {
  id: string;
  projectId: string;
  name: string;
  processor: TProcessorConfig;
  keyPrefix: string;
  /** merchants.branding as stored (validated when presented). */
  branding: unknown;
  logo: StoredLogo | null;
  createdAt: Date;
  updatedAt: Date;
};

export function presentMerchant(merchant: MerchantRecord): z.output<typeof ZMerchantView> {
  return {
    id: merchant.id,
    name: merchant.name,
    project_id: merchant.projectId,
    processor: redactProcessorConfig(merchant.processor),
    key_prefix: merchant.keyPrefix,
    branding: presentBranding(merchant.id, merchant.branding, merchant.logo),
    created_at: merchant.createdAt.toISOString(),
    updated_at: merchant.updatedAt.toISOString(),
  };
}
