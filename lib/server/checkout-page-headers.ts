// The production server's hook before it hands a request to Next. On the hosted checkout page
// (GET /checkout/{sessionId}) it looks the session up, makes a fresh nonce and sets the page's
// Content-Security-Policy (frame-ancestors from the session's parentOrigin for iframe sessions, 'none'
// otherwise) and X-Frame-Options on the response. It also puts the same policy on the *request*: Next reads
// the nonce from the request's `content-security-policy` header and stamps it on its own scripts.
// Every other request handed to Next loses any client-sent policy header, so nobody picks Next's nonce.
import type { Runtime } from '../runtime/types';
import type { BeforeNextHook } from './create-server';
import { checkoutPageHeaders, createNonce, type CheckoutFraming } from '../checkout/csp';
import { loadCheckoutView } from '../checkout/load-checkout-view';

const CHECKOUT_PAGE = /^\/checkout\/([^/]+)\/?$/;

/** The request header the page checks to know the production server set its policy (see the page). */
export const CHECKOUT_POLICY_MARKER = 'x-vault-checkout-policy';

export function checkoutPageHeadersHook(runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>): BeforeNextHook {
  return async (req, res, pathname) => {
    delete req.headers['content-security-policy'];
    delete req.headers['content-security-policy-report-only'];
    delete req.headers[CHECKOUT_POLICY_MARKER];
    const match = CHECKOUT_PAGE.exec(pathname);
    if (!match) return;
    const framing = await framingFor(runtime, decodeSegment(match[1]!));
    const headers = checkoutPageHeaders({ nonce: createNonce(), framing });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    req.headers['content-security-policy'] = headers['content-security-policy'];
    req.headers[CHECKOUT_POLICY_MARKER] = '1';
  };
}

async function framingFor(runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>, sessionId: string): Promise<CheckoutFraming> {
  try {
    const view = await loadCheckoutView(runtime, sessionId);
    if (view?.embedMode === 'iframe' && view.parentOrigin) return { kind: 'parent', origin: view.parentOrigin };
  } catch (error) {
    // Fail closed: the page itself will answer the outage; it is never frameable meanwhile.
    runtime.logger.warn({ err: error }, 'checkout page: session lookup for headers failed');
  }
  return { kind: 'none' };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
