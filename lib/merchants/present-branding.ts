// A merchant's branding as reads show it (and as the checkout and Elements read it): the stored style
// fields with their defaults, and the stored logo's served path. Null when the merchant has no branding.
import { ZBrandingStyleSchema, type TBrandingStyle, type TBrandingView } from './branding-schemas';
import type { LogoContentType } from './check-logo';

export type StoredLogo = { contentType: string; sha256: string; sourceUrl: string | null };

/** The path the vault serves a logo at (same origin as the checkout page, whose CSP allows `img-src 'self'`). */
export function logoPath(merchantId: string, sha256: string): string {
  return `/checkout-assets/logos/${merchantId}/${sha256}`;
}

/** The stored JSON read back through its schema; anything it does not pass is no branding. */
export function readBrandingStyle(stored: unknown): TBrandingStyle | null {
  if (stored === null || stored === undefined) return null;
  const parsed = ZBrandingStyleSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export function presentBranding(merchantId: string, stored: unknown, logo: StoredLogo | null): TBrandingView | null {
  const style = readBrandingStyle(stored);
  if (!style) return null;
  return {
    display_name: style.display_name ?? null,
    brand_color: style.brand_color ?? null,
    theme: style.theme,
    corner_radius: style.corner_radius ?? null,
    font: style.font ?? null,
    logo_url: logo?.sourceUrl ?? null,
    logo: logo ? { url: logoPath(merchantId, logo.sha256), content_type: logo.contentType as LogoContentType, sha256: logo.sha256, source_url: logo.sourceUrl } : null,
  };
}
