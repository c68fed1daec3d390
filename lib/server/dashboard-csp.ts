// The Content-Security-Policy of the dashboard's pages (the landing page, sign-in, MFA, password reset and
// invitation, /dashboard/**, the guides at /guides/**), set per request by proxy.ts: the first-party page
// policy (lib/checkout/csp.ts: nonce scripts with 'strict-dynamic', same-origin everything, no plugins, no
// <base>) that nobody may frame.
// Styles may be inline: the toasts (sonner), dialogs (radix) and charts (recharts) write style elements and
// attributes at run time without a nonce; with img-src, font-src and connect-src 'self', CSS can load or send
// nothing elsewhere. The hosted checkout has its own policy (frame-ancestors follow the session), and so has
// /docs.
import { firstPartyPagePolicy } from '../checkout/csp';

/** The request header proxy.ts sets to this request's nonce, for the pages' own inline scripts (next-themes). */
export const NONCE_HEADER = 'x-nonce';

/** `development`: `next dev` only ('unsafe-eval' for React's debugging). */
export function dashboardContentSecurityPolicy(options: { nonce: string; development: boolean }): string {
  return firstPartyPagePolicy({ ...options, frameAncestors: "'none'", inlineStyles: true });
}
