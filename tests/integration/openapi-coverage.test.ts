// GET /openapi.json documents every management and auth route: each path and method of the route tables
// (derived from their patterns, so a new route without documentation fails here) plus the session routes
// of the main table, with the session security schemes and the login limits described.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuthRoutes } from '../../lib/http/routes/account-auth';
import { applicationsRoutes } from '../../lib/http/routes/applications';
import { auditLogsRoutes } from '../../lib/http/routes/audit-logs';
import { checkoutRoutes } from '../../lib/http/routes/checkout';
import { projectsRoutes } from '../../lib/http/routes/projects';
import { tokensRoutes } from '../../lib/http/routes/tokens';
import type { Route } from '../../lib/http/routes/types';
import { startTestVault, type TestVault } from '../helpers/test-vault';

/** `/^\/api\/applications\/([^/]+)\/rotate-key$/` with params ['id'] → `/api/applications/{id}/rotate-key`. */
function openApiPath(route: Route): string {
  let index = 0;
  const path = route.pattern.source
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/\(\[\^\/\]\+\)/g, () => `{${route.params[index++]}}`)
    .replace(/\\(.)/g, '$1');
  if (!/^\/[A-Za-z0-9/_.{}-]*$/.test(path) || index !== route.params.length) throw new Error(`cannot map route pattern ${route.pattern}`);
  return path;
}

const tableOperations = [...applicationsRoutes, ...projectsRoutes, ...accountAuthRoutes, ...tokensRoutes, ...auditLogsRoutes, ...checkoutRoutes].flatMap((route) =>
  Object.keys(route.methods).map((method) => `${method} ${openApiPath(route)}`),
);
const expected = [...tableOperations, 'POST /auth/login', 'POST /auth/logout', 'GET /auth/verify'];

let vault: TestVault;
let document: any;
beforeAll(async () => {
  vault = await startTestVault();
  document = (await vault.call('GET', '/openapi.json', { key: null })).json;
});
afterAll(async () => {
  await vault?.close();
});

describe('OpenAPI coverage of the management and auth routes', () => {
  it('the route tables map to the paths the document uses', () => {
    expect(tableOperations).toEqual(
      expect.arrayContaining([
        'GET /api/applications',
        'POST /api/applications/{id}/rotate-key',
        'DELETE /api/tokens/{token}',
        'PUT /api/members/{id}',
        'POST /internal/provision',
        'GET /mfa-status',
        'POST /user/settings/mfa',
        'GET /api/audit-logs/verify',
        'POST /api/merchants/{id}/rotate-key',
        'POST /api/sessions/create',
        'GET /api/sessions/{id}',
        'POST /checkout/{sessionId}/pay',
        'POST /checkout/{sessionId}/cancel',
      ]),
    );
    expect(expected.length).toBeGreaterThanOrEqual(40);
  });

  it.each(expected)('%s is documented', (operation) => {
    const [method, path] = operation.split(' ') as [string, string];
    expect(document.paths, operation).toHaveProperty([path, method.toLowerCase()]);
    const entry = document.paths[path][method.toLowerCase()];
    expect(entry.summary, operation).toEqual(expect.any(String));
    expect(Object.keys(entry.responses).some((status) => status.startsWith('2')), operation).toBe(true);
  });

  it('declares the session security schemes and uses them on session routes', () => {
    expect(document.components.securitySchemes.SessionAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.components.securitySchemes.SessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'vault_session' });
    expect(document.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    for (const [path, method] of [['/api/projects', 'post'], ['/auth/logout', 'post'], ['/auth/verify', 'get'], ['/api/audit-logs', 'get']] as const) {
      expect(document.paths[path][method].security, `${method} ${path}`).toEqual(expect.arrayContaining([{ SessionAuth: [] }, { SessionCookie: [] }]));
    }
    expect(document.paths['/auth/login'].post.security).toEqual([]);
    expect(document.paths['/internal/provision'].post.security).toEqual([{ ApiKey: [] }]);
  });

  it('request bodies and queries come from the handlers\' zod schemas', () => {
    const body = (path: string, method: string) => document.paths[path][method].requestBody.content['application/json'].schema;
    expect(body('/auth/login', 'post').required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(body('/api/members', 'post').properties.role.enum).toEqual(['owner', 'admin', 'developer', 'viewer']);
    expect(Object.keys(body('/api/applications', 'post').properties)).toEqual(expect.arrayContaining(['name', 'permissions', 'project_id']));
    const auditQuery = document.paths['/api/audit-logs'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(auditQuery).toEqual(expect.arrayContaining(['project_id', 'actor', 'outcome', 'limit', 'cursor']));
    const tokenQuery = document.paths['/api/tokens'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(tokenQuery).toEqual(expect.arrayContaining(['type', 'last4', 'brand', 'limit', 'cursor']));
  });

  it('describes roles, cross-account 404s and the login limits', () => {
    const mutation = document.paths['/api/applications/{id}'].delete;
    expect(mutation.description).toMatch(/owner/);
    expect(mutation.description).toMatch(/admin/);
    expect(mutation.description).toMatch(/another account/i);
    expect(mutation.responses).toHaveProperty('403');
    expect(mutation.responses).toHaveProperty('404');
    const login = document.paths['/auth/login'].post;
    expect(login.description).toMatch(/100 attempts per 15 minutes/);
    expect(login.description).toMatch(/10 consecutive failed logins lock the account for 30 minutes/);
    expect(login.responses['429'].headers).toHaveProperty('Retry-After');
  });
});

describe('OpenAPI: hosted checkout', () => {
  it('declares the service key scheme; session routes need both keys, the customer\'s calls none', () => {
    expect(document.components.securitySchemes.ServiceApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-SERVICE-API-KEY' });
    expect(document.paths['/api/sessions/create'].post.security).toEqual([{ ApiKey: [], ServiceApiKey: [] }]);
    expect(document.paths['/api/sessions/{id}'].get.security).toEqual([{ ApiKey: [], ServiceApiKey: [] }]);
    expect(document.paths['/checkout/{sessionId}/pay'].post.security).toEqual([]);
    expect(document.paths['/checkout/{sessionId}/cancel'].post.security).toEqual([]);
    expect(document.paths['/api/merchants'].post.security).toEqual(expect.arrayContaining([{ SessionAuth: [] }]));
  });

  it('documents the session fields, the pay statuses and the decisions', () => {
    const body = document.paths['/api/sessions/create'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['merchantId', 'amount', 'currency', 'successUrl', 'cancelUrl', 'errorUrl']));
    expect(body.properties.embedMode.enum).toEqual(['redirect', 'popup', 'iframe', 'new_tab']);
    const create = document.paths['/api/sessions/create'].post.description;
    for (const rule of [/minor digits/, /ISO 4217 code \(List One\)/, /exact origin/, /CHECKOUT_MIN_EXPIRY_SECONDS/, /http only for localhost and 127\.0\.0\.1/]) expect(create).toMatch(rule);
    const pay = document.paths['/checkout/{sessionId}/pay'].post;
    expect(Object.keys(pay.responses)).toEqual(expect.arrayContaining(['200', '400', '402', '403', '404', '409', '410', '502']));
    expect(pay.description).toMatch(/5th ends the session as `expired`/);
    expect(pay.description).toMatch(/payment_in_progress/);
    expect(document.paths['/api/merchants/{id}'].put.description).toMatch(/"\*\*\*\*\*\*\*\*"/);
  });
});
