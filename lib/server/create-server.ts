// The production HTTP server: one node:http server with two doors. Vault API paths go straight to their
// Web handlers (fast door); everything else (dashboard, checkout pages) goes to Next when it is loaded.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolveClientIp, type TrustProxy } from '../core/client-ip';
import { VaultError } from '../core/errors';
import { matchFastRoute } from './fast-routes';
import { streamsBody } from '../http/define-route';
import { readNodeBody, sendWebResponse, toWebRequest } from '../http/node-bridge';
import { requestIdFor, requestIdFromHeader } from '../http/request-id';
import { errorResponse } from '../http/respond';
import type { Logger } from '../logger';
import { NEXT_ROUTE, recordHttpRequest, UNMATCHED_ROUTE } from '../metrics/http-metrics';
import { staticContentType } from './static-content-types';

export type NextRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
/** Runs before a request goes to Next: per-request page headers (the checkout page's CSP, lib/server/checkout-page-headers.ts). */
export type BeforeNextHook = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;

export type VaultServer = {
  server: Server;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes idle sockets. */
  drain(graceMs: number): Promise<void>;
};

/**
 * HTTPS only, for a year, subdomains included (OWASP ASVS V3.4.1), on every response when
 * the public URL is https. Not `preload`: that is a decision for the owner of the domain.
 */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function hstsApplies(appUrl: string | undefined): boolean {
  return appUrl !== undefined && URL.canParse(appUrl) && new URL(appUrl).protocol === 'https:';
}

/** Paths Next answers whatever the client accepts: the dashboard's next-auth endpoints (JSON too). */
const NEXT_OWNED_PREFIXES = ['/api/auth/'];

/** API clients (an API key, or JSON but not HTML accepted) get JSON errors for unknown paths, not a page. */
function wantsApiAnswer(req: IncomingMessage, pathname: string): boolean {
  if (NEXT_OWNED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  if (req.headers['x-api-key']) return true;
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

export function createVaultServer(options: {
  logger: Logger;
  /** TRUST_PROXY: which X-Forwarded-For hops to believe (false: none, the socket address is the client). */
  trustProxy: TrustProxy;
  next?: NextRequestHandler;
  beforeNext?: BeforeNextHook;
  /** APP_URL: when https, every response (both doors, errors included) carries Strict-Transport-Security. */
  appUrl?: string;
}): VaultServer {
  const { logger, trustProxy, next, beforeNext } = options;

  let draining = false;
  const hsts = hstsApplies(options.appUrl);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    // While draining, every response closes its connection so keep-alive clients let go.
    if (draining) res.shouldKeepAlive = false;
    // Set before either door writes: Next keeps headers already on the response, the fast door merges them.
    if (hsts) res.setHeader('strict-transport-security', HSTS_VALUE);
    // One notion of the client address for both doors: resolved here once and written as the only
    // X-Forwarded-For entry (a caller's own entries count only as far as TRUST_PROXY trusts the hops).
    req.headers['x-forwarded-for'] = resolveClientIp({ socketAddress: req.socket.remoteAddress, forwardedFor: req.headers['x-forwarded-for'], trust: trustProxy }) ?? '';
    const pathname = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';
    const route = matchFastRoute(method, pathname);
    if (!route && next && !wantsApiAnswer(req, pathname)) {
      // The same id on the request (for handlers under Next: audit rows) and on the response.
      const requestId = requestIdFromHeader(req.headers['x-request-id']);
      req.headers['x-request-id'] = requestId;
      res.setHeader('x-request-id', requestId);
      const contentType = staticContentType(pathname);
      if (contentType) res.setHeader('content-type', contentType);
      if (beforeNext) await beforeNext(req, res, pathname);
      // Next may stream: the response is over when it is finished, not when the handler returns.
      res.once('finish', () => recordHttpRequest(NEXT_ROUTE, method, res.statusCode, (performance.now() - started) / 1000));
      return next(req, res);
    }
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    let response: Response;
    try {
      // An uploaded file (a route that streams its body) is the handler's to read, unbuffered.
      const streamed = route?.kind === 'handler' && streamsBody(route.handler.definition);
      const body = route?.kind === 'handler' && !streamed && method !== 'GET' && method !== 'HEAD' ? await readNodeBody(req) : undefined;
      const request = toWebRequest(req, origin);
      if (route?.kind === 'handler') {
        response = await route.handler(request, { params: Promise.resolve(route.params), rawBody: body, ...(streamed ? { bodyStream: req } : {}) });
        // Answered before the whole upload arrived (refused, 413): close rather than read the rest.
        if (streamed && !req.complete) res.shouldKeepAlive = false;
      } else {
        const error = route
          ? Object.assign(new VaultError('method_not_allowed', 'Method not allowed'), { allow: route.allow })
          : new VaultError('not_found', 'Not found');
        response = errorResponse(error, requestIdFor(request));
      }
    } catch (error) {
      // Only body reading throws here (413): answer and close, the rest of the body is not wanted.
      const mapped = error instanceof VaultError ? error : new VaultError('internal_error', 'Internal server error');
      response = errorResponse(mapped, requestIdFromHeader(req.headers['x-request-id']));
      res.shouldKeepAlive = false;
    }
    // Every fast-door response carries an id, also those with no error body (health, OpenAPI).
    if (!response.headers.has('x-request-id')) response.headers.set('x-request-id', requestIdFromHeader(req.headers['x-request-id']));
    await sendWebResponse(response, res, method);
    // The route's template, never the path asked for (ids and tokens stay out of labels).
    recordHttpRequest(route?.kind === 'handler' ? route.handler.definition.path : UNMATCHED_ROUTE, method, response.status, (performance.now() - started) / 1000);
  }

  const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 120_000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      const requestId = randomUUID();
      logger.error({ err: error, requestId }, 'unhandled request failure');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', 'x-request-id': requestId });
      res.end(JSON.stringify({ success: false, error: { code: 'internal_error', message: 'Internal server error' }, request_id: requestId }));
    });
  });
  // A malformed request line or header never reaches a handler: answer 400 and hang up.
  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  return {
    server,
    drain(graceMs) {
      draining = true;
      return new Promise((resolve) => {
        // Connections that finish their request become idle: close those as they appear.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        const force = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, graceMs);
        force.unref();
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
