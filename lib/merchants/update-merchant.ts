// Renames a merchant and/or replaces its processor. A header value sent as "********" (as listings show
// it) keeps the stored value of the header of the same name, so a configuration read back from the API can
// be edited and saved without re-entering PSP secrets; the stored configuration stays sealed.
import { REDACTED_HEADER_VALUE, type TProcessorConfig } from '../checkout/processors/schemas';
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { assertProcessorAllowed } from './assert-processor-allowed';
import { getMerchantOrThrow, merchantNotFound } from './get-merchant-or-throw';
import type { MerchantWithProject } from './read-merchant-record';
import { sealProcessor } from './processor-seal';

function keepRedactedHeaders(next: TProcessorConfig, current: TProcessorConfig): TProcessorConfig {
  if (next.type !== 'http' || !next.headers) return next;
  const stored = new Map(current.type === 'http' ? Object.entries(current.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]) : []);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(next.headers)) {
    if (value !== REDACTED_HEADER_VALUE) {
      headers[name] = value;
      continue;
    }
    const kept = stored.get(name.toLowerCase());
    if (kept === undefined) {
      throw VaultError.validation([{ path: `processor.headers.${name}`, message: `"${REDACTED_HEADER_VALUE}" keeps a stored header value, and this merchant has no such header` }]);
    }
    headers[name] = kept;
  }
  return { ...next, headers };
}

export async function updateMerchant(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; merchantId: string; name?: string; processor?: TProcessorConfig },
): Promise<MerchantWithProject> {
  const current = await getMerchantOrThrow(runtime, options);
  let processorData = {};
  if (options.processor) {
    assertProcessorAllowed(options.processor, current.environment);
    const processor = keepRedactedHeaders(options.processor, current.processor);
    const { wrappedDataKey } = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: current.projectId }, select: { wrappedDataKey: true } });
    processorData = { processorType: processor.type, processorSealed: sealProcessor(runtime, { id: current.projectId, wrappedDataKey }, current.id, processor) };
  }
  const updated = await runtime.db.prisma.merchant.updateMany({ where: { id: current.id }, data: { name: options.name, ...processorData } });
  if (updated.count === 0) throw merchantNotFound();
  return getMerchantOrThrow(runtime, options);
}
