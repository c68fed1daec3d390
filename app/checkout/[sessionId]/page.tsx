// GET /checkout/{sessionId} — the hosted checkout page: card form for an open session, or its outcome.
// Headers (CSP with this request's nonce, frame-ancestors from the session, X-Frame-Options) are set by the
// production server before Next renders (lib/server/checkout-page-headers.ts); Next stamps the nonce on its scripts.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CheckoutApp } from '@/components/checkout/checkout-app';
import { CheckoutUnavailable } from '@/components/checkout/checkout-unavailable';
import { formatCheckoutAmount } from '@/lib/checkout/format-checkout-amount';
import { loadCheckoutView } from '@/lib/checkout/load-checkout-view';
import { loadCheckoutBranding } from '@/lib/checkout/load-checkout-branding';
import { CHECKOUT_POLICY_MARKER } from '@/lib/server/checkout-page-headers';
import { completedRedirectUrl, errorRedirectUrl } from '@/lib/checkout/return-urls';
import { getRuntime } from '@/lib/runtime/shared';

// Per request: a fresh nonce, the live session state; never prerendered or cached.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Params = { params: Promise<{ sessionId: string }> };

// The merchant's branding (issue 24) names the page with its display name and brings its theme and logo.
const view = cache(async (sessionId: string) => {
  const runtime = await getRuntime();
  const found = await loadCheckoutView(runtime, sessionId);
  if (!found) return null;
  const branding = await loadCheckoutBranding(runtime, sessionId);
  return { ...found, merchantName: branding.displayName ?? found.merchantName, branding };
});

/** This response's nonce, from the policy the production server set on the request (none under `next dev`). */
const nonceOf = (policy: string | null) => policy?.match(/'nonce-([^']+)'/)?.[1];

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const found = await view((await params).sessionId);
  return {
    title: found ? `${found.mode === 'setup' ? 'Save card for' : 'Pay'} ${found.merchantName}` : 'Checkout not found',
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  };
}

/** The customer's first language from Accept-Language when Intl knows it, else en-US. */
function localeFrom(acceptLanguage: string | null): string {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([first])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

export default async function CheckoutPage({ params }: Params) {
  const requestHeaders = await headers();
  // Fail closed: in production the page is only served with the policy the Vault server sets per request
  // (frame-ancestors, nonce). `next start` or another server in front of Next without it gets no form.
  if (process.env.NODE_ENV === 'production' && requestHeaders.get(CHECKOUT_POLICY_MARKER) !== '1') {
    return <CheckoutUnavailable />;
  }
  const found = await view((await params).sessionId);
  if (!found) notFound();
  const locale = localeFrom(requestHeaders.get('accept-language'));
  const paid = found.payment ? completedRedirectUrl(found, found.payment) : null;
  return (
    <>
      {/* The branding's theme: CSS variables built from validated values only (lib/merchants/branding-theme.ts). */}
      <style nonce={nonceOf(requestHeaders.get('content-security-policy'))}>{found.branding.css}</style>
      <CheckoutApp
        view={found}
        logoUrl={found.branding.logoUrl}
        amountLabel={found.amount !== null && found.currency !== null ? formatCheckoutAmount({ amount: found.amount, currency: found.currency, locale }) : null}
        serverNow={Date.now()}
        returnUrls={{
          expired: errorRedirectUrl(found, 'expired'),
          exhausted: errorRedirectUrl(found, 'attempts_exhausted'),
          error: errorRedirectUrl(found, 'checkout_error'),
          paid,
        }}
      />
    </>
  );
}
