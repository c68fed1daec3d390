// Next's proxy (Next 16's name for middleware): a Content-Security-Policy with a fresh nonce on every
// dashboard page (lib/server/dashboard-csp.ts). The policy goes on the response and on the request: Next
// reads the nonce from the request's `content-security-policy` header and stamps it on the scripts it
// writes, which is why these pages are rendered per request (they all are: they read the session or live
// status). Runs under the production server (lib/server/create-server.ts hands pages to Next), `next start`
// and `next dev` alike. Not for the hosted checkout (lib/server/checkout-page-headers.ts sets its own policy),
// /docs (its own, lib/api/docs.ts), merchants' logos (/checkout-assets/, their own), the API or static files;
// not for prefetches, which render no document.
import { NextResponse, type NextRequest } from 'next/server';
import { createNonce } from './lib/checkout/csp';
import { dashboardContentSecurityPolicy, NONCE_HEADER } from './lib/server/dashboard-csp';

export function proxy(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const policy = dashboardContentSecurityPolicy({ nonce, development: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.delete('content-security-policy-report-only');
  headers.set('content-security-policy', policy);
  // For the pages' own inline scripts (the theme script of next-themes, app/dashboard/layout.tsx).
  headers.set(NONCE_HEADER, nonce);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/static/|_next/image|checkout/|checkout-assets/|docs$|favicon\\.svg$).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
