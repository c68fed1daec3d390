// Renames a merchant and/or replaces its processor. A header value sent as "********" (as listings show
// it) keeps the stored value of the header of the same name, so a configuration read back from the API can
// be edited and saved without re-entering PSP secrets; the stored configuration stays sealed. Only while the
// processor's URL keeps its host (and port) and path, though: a stored PSP credential is never sent to a new
// destination by someone who does not know it, so a changed URL needs every header value again (400 naming
// each header otherwise). An http processor's URL must pass the project's destination allow-list. Branding
// replaces the style fields whole and keeps, replaces or removes the logo (prepare-branding.ts); a refused
// logo changes nothing.
import { REDACTED_HEADER_VALUE, type TProcessorConfig } from './processor-schemas';
import { VaultError, type FieldIssue } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { checkProcessorForProject } from './check-processor-for-project';
import { getMerchantOrThrow, merchantNotFound } from './get-merchant-or-throw';
import type { MerchantWithProject } from './read-merchant-record';
import { sealProcessor } from './processor-seal';
import type { TBrandingRequest } from './branding-schemas';
import { logoStatements, prepareBranding } from './prepare-branding';

/** Same host (with its port) and path: the stored credentials may stay. Both URLs passed the processor schema. */
function sameDestination(next: string, current: string): boolean {
  const a = new URL(next);
  const b = new URL(current);
  return a.host === b.host && a.pathname === b.pathname;
}

function keepRedactedHeaders(next: TProcessorConfig, current: TProcessorConfig): TProcessorConfig {
  if (next.type !== 'http' || !next.headers) return next;
  const stored = new Map(current.type === 'http' ? Object.entries(current.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]) : []);
  const urlKept = current.type === 'http' && sameDestination(next.url, current.url);
  const headers: Record<string, string> = {};
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(next.headers)) {
    if (value !== REDACTED_HEADER_VALUE) {
      headers[name] = value;
      continue;
    }
    const kept = stored.get(name.toLowerCase());
    if (kept === undefined) {
      issues.push({ path: `processor.headers.${name}`, message: `"${REDACTED_HEADER_VALUE}" keeps a stored header value, and this merchant has no such header` });
    } else if (!urlKept) {
      issues.push({
        path: `processor.headers.${name}`,
        message: `processor.url changes its host or path: enter the value of header ${name} again ("${REDACTED_HEADER_VALUE}" keeps a stored value only for the same URL)`,
      });
    } else {
      headers[name] = kept;
    }
  }
  if (issues.length) throw VaultError.validation(issues);
  return { ...next, headers };
}

export async function updateMerchant(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config' | 'webhooks'>,
  options: { accountId: string; merchantId: string; name?: string; processor?: TProcessorConfig; branding?: TBrandingRequest | null },
): Promise<MerchantWithProject> {
  const current = await getMerchantOrThrow(runtime, options);
  let processorData = {};
  if (options.processor) {
    const projectKeys = await checkProcessorForProject(runtime, { projectId: current.projectId, environment: current.environment, processor: options.processor });
    const processor = keepRedactedHeaders(options.processor, current.processor);
    processorData = { processorType: processor.type, ...sealProcessor(runtime, projectKeys, current.id, processor) };
  }
  const branding = options.branding === undefined ? null : await prepareBranding(runtime, { branding: options.branding, storedSourceUrl: current.logo?.sourceUrl ?? null });
  const brandingData = branding ? { branding: branding.branding } : {};
  const [updated] = await runtime.db.prisma.$transaction([
    runtime.db.prisma.merchant.updateMany({ where: { id: current.id }, data: { name: options.name, ...processorData, ...brandingData } }),
    ...(branding ? logoStatements(runtime.db.prisma, current.id, branding.logo) : []),
  ]);
  if (updated.count === 0) throw merchantNotFound();
  return getMerchantOrThrow(runtime, options);
}
