// One handler, two doors: every vault path the fast door serves is also an app/**/route.ts that
// re-exports the very same function, so `next dev` / `next start` behave exactly like the custom server.
import { describe, expect, it } from 'vitest';
import { matchFastRoute } from '../../lib/server/fast-routes';

const doors: [method: string, path: string, routeFile: () => Promise<Record<string, unknown>>][] = [
  ['POST', '/tokenize', () => import('../../app/tokenize/route')],
  ['POST', '/test-tokens', () => import('../../app/test-tokens/route')],
  ['POST', '/detokenize', () => import('../../app/detokenize/route')],
  ['POST', '/proxy/transaction', () => import('../../app/proxy/transaction/route')],
  ['DELETE', '/proxy/delete-cvc-session/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/proxy/delete-cvc-session/[session_id]/route')],
  ['GET', '/api/applications/key', () => import('../../app/api/applications/key/route')],
  ['GET', '/api/applications', () => import('../../app/api/applications/route')],
  ['POST', '/api/applications', () => import('../../app/api/applications/route')],
  ['GET', '/api/applications/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/applications/[id]/route')],
  ['PUT', '/api/applications/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/applications/[id]/route')],
  ['DELETE', '/api/applications/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/applications/[id]/route')],
  ['POST', '/api/applications/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11/rotate-key', () => import('../../app/api/applications/[id]/rotate-key/route')],
  ['POST', '/auth/login', () => import('../../app/auth/login/route')],
  ['POST', '/auth/logout', () => import('../../app/auth/logout/route')],
  ['GET', '/auth/verify', () => import('../../app/auth/verify/route')],
  ['POST', '/auth/change-password', () => import('../../app/auth/change-password/route')],
  ['POST', '/auth/forgot-password', () => import('../../app/auth/forgot-password/route')],
  ['GET', '/auth/verify-reset-token', () => import('../../app/auth/verify-reset-token/route')],
  ['POST', '/auth/verify-reset-token', () => import('../../app/auth/verify-reset-token/route')],
  ['POST', '/auth/reset-password', () => import('../../app/auth/reset-password/route')],
  ['POST', '/auth/reset-expired-password', () => import('../../app/auth/reset-expired-password/route')],
  ['GET', '/auth/password-expiry-info', () => import('../../app/auth/password-expiry-info/route')],
  ['POST', '/auth/mfa/verify', () => import('../../app/auth/mfa/verify/route')],
  ['POST', '/auth/mfa/verify-backup', () => import('../../app/auth/mfa/verify-backup/route')],
  ['POST', '/auth/mfa/disable', () => import('../../app/auth/mfa/disable/route')],
  ['GET', '/auth/mfa/status', () => import('../../app/auth/mfa/status/route')],
  ['GET', '/mfa-status', () => import('../../app/mfa-status/route')],
  ['POST', '/user/settings/mfa', () => import('../../app/user/settings/mfa/route')],
  ['POST', '/auth/send-verification-code', () => import('../../app/auth/send-verification-code/route')],
  ['POST', '/auth/verify-email-code', () => import('../../app/auth/verify-email-code/route')],
  ['POST', '/auth/register', () => import('../../app/auth/register/route')],
  ['GET', '/api/audit-logs', () => import('../../app/api/audit-logs/route')],
  ['GET', '/api/audit-logs/export', () => import('../../app/api/audit-logs/export/route')],
  ['GET', '/api/audit-logs/verify', () => import('../../app/api/audit-logs/verify/route')],
  ['GET', '/health', () => import('../../app/health/route')],
  ['GET', '/ready', () => import('../../app/ready/route')],
  ['GET', '/openapi.json', () => import('../../app/openapi.json/route')],
  ['GET', '/api/projects', () => import('../../app/api/projects/route')],
  ['POST', '/api/projects', () => import('../../app/api/projects/route')],
  ['GET', '/api/projects/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/projects/[id]/route')],
  ['PUT', '/api/projects/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/projects/[id]/route')],
  ['DELETE', '/api/projects/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/projects/[id]/route')],
  ['GET', '/api/members', () => import('../../app/api/members/route')],
  ['POST', '/api/members', () => import('../../app/api/members/route')],
  ['PUT', '/api/members/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/members/[id]/route')],
  ['DELETE', '/api/members/0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', () => import('../../app/api/members/[id]/route')],
  ['POST', '/internal/provision', () => import('../../app/internal/provision/route')],
  ['GET', '/api/tokens', () => import('../../app/api/tokens/route')],
  ['GET', '/api/tokens/tok_AAAAAAAAAAAAAAAAAAAAAAAA', () => import('../../app/api/tokens/[token]/route')],
  ['DELETE', '/api/tokens/tok_AAAAAAAAAAAAAAAAAAAAAAAA', () => import('../../app/api/tokens/[token]/route')],
];

describe('the Next route files re-export the fast-door handlers', () => {
  it.each(doors)('%s %s', async (method, path, routeFile) => {
    const match = matchFastRoute(method, path);
    expect(match?.kind).toBe('handler');
    const module = await routeFile();
    expect(module[method]).toBe(match?.kind === 'handler' ? match.handler : undefined);
  });

  it('passes the session id of the path to the handler', () => {
    expect(matchFastRoute('DELETE', '/proxy/delete-cvc-session/abc')).toMatchObject({ params: { session_id: 'abc' } });
  });
});
