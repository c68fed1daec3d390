// Cross-site request forgery: the session cookie is ambient (a browser sends it with a form another site
// posts), so a state-changing request authenticated by that cookie must come from the app's own pages:
// its `Origin` is APP_URL's origin, or, when a browser sends no Origin, `Sec-Fetch-Site: same-origin`.
// A request with neither (no browser) is refused too: servers use `Authorization: Bearer`, which no other
// site can make a browser send. SameSite=Lax on the cookie is a second line, not the only one (it lets
// top-level GETs through, and a sibling subdomain is "same site").
import { VaultError } from '../core/errors';
import { sessionFromCookie } from './session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-origin requests are not allowed';

/** Whether a request comes from a page of `appUrl`'s origin, by its Origin or (without one) Sec-Fetch-Site. */
export function isSameOriginRequest(request: Request, appUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === new URL(appUrl).origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/** 403 `forbidden_origin` for a cookie-authenticated, state-changing request that is not same-origin. */
export function assertNotCrossSite(request: Request, appUrl: string): void {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || !sessionFromCookie(request)) return;
  if (!isSameOriginRequest(request, appUrl)) throw new VaultError('forbidden_origin', CROSS_SITE_MESSAGE);
}
