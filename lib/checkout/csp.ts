// Response headers of the hosted checkout page (GET /checkout/{sessionId}).
// The production server (lib/server/create-server.ts → lib/server/checkout-page-headers.ts) sets them before it hands
// the request to Next, because `frame-ancestors` depends on the session's parentOrigin, which only a lookup
// can tell. next.config.mjs keeps the static headers of these paths (no-referrer, COOP unsafe-none) and
// leaves X-Frame-Options and CSP to this module.
import { randomBytes } from 'node:crypto';
import { isExactOrigin } from './url-rules';

export type CheckoutFraming =
  /** An iframe session: only its parentOrigin may frame the page. */
  | { kind: 'parent'; origin: string }
  /** Every other mode, unknown ids, errors: nobody may frame the page. */
  | { kind: 'none' };

/** 128 random bits, base64: unguessable, and accepted by Next's nonce parser (`[A-Za-z0-9+/_-]+={0,2}`). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * An exact origin as stored on a session, checked again with the rule that admitted it (url-rules.ts)
 * before it is placed in a header, so no path, wildcard, space, quote, comma or `;` can ever reach the
 * policy, whatever the database holds. Anything else → null (no framing).
 */
export function frameableOrigin(value: string | null | undefined): string | null {
  return value && isExactOrigin(value) ? value : null;
}

/**
 * A first-party page's Content-Security-Policy (the checkout's, and the dashboard's: lib/server/dashboard-csp.ts).
 * Only scripts carrying this response's nonce run ('strict-dynamic' lets them load Next's own chunks, same
 * origin), nothing is fetched from or sent to another origin, no plugins, no <base>, forms post only to the
 * vault, and framing is what `frameAncestors` says. `inlineStyles`: style elements and attributes without a
 * nonce too (libraries that inject their CSS at run time; CSS still loads nothing from another origin).
 * `development` (`next dev` only, never production): React's debugging needs 'unsafe-eval'.
 */
export function firstPartyPagePolicy(options: { nonce: string; frameAncestors: string; inlineStyles?: boolean; development?: boolean }): string {
  const { nonce, frameAncestors, inlineStyles = false, development = false } = options;
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', `'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`],
    ['style-src', inlineStyles || development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`],
    ['img-src', "'self' data:"],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['media-src', "'none'"],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['worker-src', "'none'"],
    ['manifest-src', "'self'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** The checkout page's policy: framing follows the session. */
export function checkoutContentSecurityPolicy(options: { nonce: string; framing: CheckoutFraming }): string {
  const { nonce, framing } = options;
  const ancestors = framing.kind === 'parent' ? frameableOrigin(framing.origin) : null;
  return firstPartyPagePolicy({ nonce, frameAncestors: ancestors ?? "'none'" });
}

/**
 * Headers the server sets on a checkout page response. `X-Frame-Options: DENY` only when nobody may frame
 * it (an iframe session must not carry it: some browsers honour it over `frame-ancestors`).
 */
export function checkoutPageHeaders(options: { nonce: string; framing: CheckoutFraming }): Record<string, string> {
  const policy = checkoutContentSecurityPolicy(options);
  const framed = options.framing.kind === 'parent' && frameableOrigin(options.framing.origin) !== null;
  return {
    'content-security-policy': policy,
    ...(framed ? {} : { 'x-frame-options': 'DENY' }),
  };
}
