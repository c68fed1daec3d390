// Turns a create/update body's `branding` into the writes that store it, before anything is written: an
// upload is decoded and checked, a new logo URL fetched (check-logo.ts, fetch-logo.ts), so a refused logo
// changes nothing. The style fields are replaced whole; the logo is kept unless the body says otherwise
// (`logo` or `logo_url`, `null` removing it); `branding: null` removes both.
import type { Agent } from 'undici';
import type { Database } from '../db/connect';
import { Prisma } from '../db/generated/client';
import { createHash } from 'node:crypto';
import type { TBrandingRequest, TBrandingStyle } from './branding-schemas';
import { checkLogo, type CheckedLogo } from './check-logo';
import { fetchLogo } from './fetch-logo';

export type LogoWrite = { kind: 'keep' } | { kind: 'delete' } | { kind: 'store'; logo: CheckedLogo; sha256: string; sourceUrl: string | null };
export type BrandingWrite = { branding: TBrandingStyle | typeof Prisma.DbNull; logo: LogoWrite };

function storeLogo(logo: CheckedLogo, sourceUrl: string | null): LogoWrite {
  return { kind: 'store', logo, sha256: createHash('sha256').update(logo.bytes).digest('hex'), sourceUrl };
}

async function logoWrite(dispatcher: Agent, request: TBrandingRequest, storedSourceUrl: string | null): Promise<LogoWrite> {
  if (request.logo) {
    const bytes = new Uint8Array(Buffer.from(request.logo.data_base64, 'base64'));
    return storeLogo(checkLogo({ contentType: request.logo.content_type, bytes, field: 'branding.logo' }), null);
  }
  if (typeof request.logo_url === 'string') {
    // Fetched once: saving the same URL again keeps what was fetched.
    if (request.logo_url === storedSourceUrl) return { kind: 'keep' };
    return storeLogo(await fetchLogo(dispatcher, request.logo_url), request.logo_url);
  }
  if (request.logo === null || request.logo_url === null) return { kind: 'delete' };
  return { kind: 'keep' };
}

export async function prepareBranding(
  runtime: { webhooks: Agent },
  options: { branding: TBrandingRequest | null; storedSourceUrl: string | null },
): Promise<BrandingWrite> {
  const { branding } = options;
  if (branding === null) return { branding: Prisma.DbNull, logo: { kind: 'delete' } };
  const { logo: _upload, logo_url: _url, ...style } = branding;
  return { branding: style, logo: await logoWrite(runtime.webhooks, branding, options.storedSourceUrl) };
}

/** The statements of a prepared write for one merchant (run with the merchant's own update, in one transaction). */
export function logoStatements(prisma: Database['prisma'], merchantId: string, write: LogoWrite): Prisma.PrismaPromise<unknown>[] {
  if (write.kind === 'keep') return [];
  if (write.kind === 'delete') return [prisma.merchantLogo.deleteMany({ where: { merchantId } })];
  const data = { contentType: write.logo.contentType, bytes: write.logo.bytes as Uint8Array<ArrayBuffer>, sha256: write.sha256, sourceUrl: write.sourceUrl };
  return [prisma.merchantLogo.upsert({ where: { merchantId }, create: { merchantId, ...data }, update: { ...data, createdAt: new Date() } })];
}
