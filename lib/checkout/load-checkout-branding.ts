// The branding the hosted checkout page renders for a session: its merchant's display name, logo (served
// by the vault) and theme CSS (lib/merchants/branding-theme.ts). A session whose merchant has no branding,
// or has been deleted, gets the checkout's own dark look.
import { readBrandingStyle, logoPath } from '../merchants/present-branding';
import { brandingTheme, checkoutThemeCss } from '../merchants/branding-theme';
import type { Runtime } from '../runtime/types';

export type CheckoutBranding = {
  displayName: string | null;
  /** Same-origin path of the logo (the page's CSP: `img-src 'self' data:`), or null. */
  logoUrl: string | null;
  theme: 'light' | 'dark' | 'auto';
  /** For the page's nonced <style>: built from validated values only. */
  css: string;
};

export async function loadCheckoutBranding(runtime: Pick<Runtime, 'db'>, sessionId: string): Promise<CheckoutBranding> {
  const session = await runtime.db.prisma.checkoutSession.findUnique({ where: { id: sessionId }, select: { merchantId: true, projectId: true } });
  const merchant = session
    ? await runtime.db.prisma.merchant.findFirst({
        where: { id: session.merchantId, projectId: session.projectId },
        select: { id: true, branding: true, logo: { select: { sha256: true } } },
      })
    : null;
  const style = readBrandingStyle(merchant?.branding);
  return {
    displayName: style?.display_name ?? null,
    logoUrl: style && merchant?.logo ? logoPath(merchant.id, merchant.logo.sha256) : null,
    theme: brandingTheme(style),
    css: checkoutThemeCss(style),
  };
}
