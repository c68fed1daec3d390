// One handler, two doors: every vault path the fast door serves is also an app/**/route.ts that
// re-exports the very same function, so `next dev` / `next start` behave exactly like the custom server.
import { describe, expect, it } from 'vitest';
import { matchFastRoute } from '../../lib/http/fast-routes';

const doors: [method: string, path: string, routeFile: () => Promise<Record<string, unknown>>][] = [
  ['POST', '/tokenize', () => import('../../app/tokenize/route')],
  ['POST', '/test-tokens', () => import('../../app/test-tokens/route')],
  ['POST', '/detokenize', () => import('../../app/detokenize/route')],
  ['POST', '/proxy/transaction', () => import('../../app/proxy/transaction/route')],
  ['DELETE', '/proxy/delete-cvc-session/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/proxy/delete-cvc-session/[session_id]/route')],
  ['GET', '/api/applications/key', () => import('../../app/api/applications/key/route')],
  ['POST', '/auth/login', () => import('../../app/auth/login/route')],
  ['POST', '/auth/logout', () => import('../../app/auth/logout/route')],
  ['GET', '/auth/verify', () => import('../../app/auth/verify/route')],
  ['GET', '/health', () => import('../../app/health/route')],
  ['GET', '/ready', () => import('../../app/ready/route')],
  ['GET', '/openapi.json', () => import('../../app/openapi.json/route')],
];

describe('the Next route files re-export the fast-door handlers', () => {
  it.each(doors)('%s %s', async (method, path, routeFile) => {
    const match = matchFastRoute(method, path);
    expect(match?.kind).toBe('handler');
    const module = await routeFile();
    expect(module[method]).toBe(match?.kind === 'handler' ? match.handler : undefined);
    expect(module.dynamic).toBe('force-dynamic');
    expect(module.runtime).toBe('nodejs');
  });

  it('passes the session id of the path to the handler', () => {
    expect(matchFastRoute('DELETE', '/proxy/delete-cvc-session/abc')).toMatchObject({ params: { session_id: 'abc' } });
  });
});
