// The vault API's route table. The custom server dispatches these paths straight to their handlers
// (no Next router on the hot path); app/**/route.ts re-exports the same handlers for `next dev`.
import { POST as login } from '../api/auth/login';
import { POST as logout } from '../api/auth/logout';
import { GET as verifySession } from '../api/auth/verify';
import { POST as detokenize } from '../api/detokenize';
import { DELETE as deleteCvcSession } from '../api/delete-cvc-session';
import { health, ready } from '../api/health';
import { GET as openapi } from '../api/openapi';
import { POST as proxyTransaction } from '../api/proxy-transaction';
import { POST as testTokens } from '../api/test-tokens';
import { POST as tokenize } from '../api/tokenize';
import { GET as verifyKey } from '../api/verify-key';
import { accountAuthRoutes } from './routes/account-auth';
import { applicationsRoutes } from './routes/applications';
import { auditLogsRoutes } from './routes/audit-logs';
import { checkoutRoutes } from './routes/checkout';
import { projectsRoutes } from './routes/projects';
import { tokensRoutes } from './routes/tokens';
import type { Route, RouteHandler } from './routes/types';

export type { RouteHandler };

const routes: Route[] = [
  { pattern: /^\/tokenize$/, params: [], methods: { POST: tokenize } },
  { pattern: /^\/test-tokens$/, params: [], methods: { POST: testTokens } },
  { pattern: /^\/detokenize$/, params: [], methods: { POST: detokenize } },
  { pattern: /^\/proxy\/transaction$/, params: [], methods: { POST: proxyTransaction } },
  { pattern: /^\/proxy\/delete-cvc-session\/([^/]+)$/, params: ['session_id'], methods: { DELETE: deleteCvcSession } },
  { pattern: /^\/api\/applications\/key$/, params: [], methods: { GET: verifyKey } },
  { pattern: /^\/auth\/login$/, params: [], methods: { POST: login } },
  { pattern: /^\/auth\/logout$/, params: [], methods: { POST: logout } },
  { pattern: /^\/auth\/verify$/, params: [], methods: { GET: verifySession } },
  { pattern: /^\/health$/, params: [], methods: { GET: health } },
  { pattern: /^\/ready$/, params: [], methods: { GET: ready } },
  { pattern: /^\/openapi\.json$/, params: [], methods: { GET: openapi } },
  // After the fixed paths above: `/api/applications/key` must win over `/api/applications/{id}`.
  ...applicationsRoutes,
  ...projectsRoutes,
  ...accountAuthRoutes,
  ...tokensRoutes,
  ...auditLogsRoutes,
  ...checkoutRoutes,
];

export type RouteMatch =
  | { kind: 'handler'; handler: RouteHandler; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string };

/** The vault route for a method and path, or null when the path is not a vault API path. */
export function matchFastRoute(method: string, pathname: string): RouteMatch | null {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const handler = route.methods[method] ?? (method === 'HEAD' ? route.methods.GET : undefined);
    if (!handler) return { kind: 'method_not_allowed', allow: Object.keys(route.methods).join(', ') };
    const params: Record<string, string> = {};
    route.params.forEach((name, index) => {
      params[name] = safeDecode(match[index + 1] ?? '');
    });
    return { kind: 'handler', handler, params };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
