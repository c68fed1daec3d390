// Cookie-authenticated mutations are CSRF-proof: a POST, PUT or DELETE whose session comes from the
// `vault_session` cookie must carry the app's own Origin (APP_URL's), or — without an Origin —
// `Sec-Fetch-Site: same-origin`; anything else is 403 `forbidden_origin` before any effect. Bearer calls
// (servers, the CLI) and reads are not affected. Tables: happy (same origin), error (no browser headers),
// attack (a cross-site form post with the victim's cookie, on every kind of session wrapper).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { loginAs } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let owner: string;
let appOrigin: string;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'csrf');
  owner = await loginAs(vault, users.owner.email);
  appOrigin = new URL(vault.runtime.config.APP_URL).origin;
});
afterAll(() => vault?.close());

const EVIL = 'https://evil.example';

/** What a browser sends when another site's form posts to the vault: the victim's cookie and that site's Origin. */
function crossSiteForm(token: string, method: string, path: string): Promise<ApiResponse> {
  return vault.call(method, path, {
    key: null,
    body: 'name=pwned&enable=true',
    headers: { cookie: `vault_session=${token}`, origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const withCookie = (token: string, method: string, path: string, headers: Record<string, string>, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: { cookie: `vault_session=${token}`, ...headers } });

async function newApplication(name: string) {
  return createApplication(vault.runtime, { projectId: vault.tenants.test.projectId, environment: 'test', name, permissions: { tokenization: true, provisioning: false } });
}

function expectCrossSiteRefusal(response: ApiResponse) {
  expect(response.status).toBe(403);
  expect(response.json).toEqual({ success: false, error: { code: 'forbidden_origin', message: 'Cross-origin requests are not allowed' }, request_id: expect.any(String) });
}

describe('attack: a cross-site form post with the session cookie is refused before any effect', () => {
  it.each([
    ['POST', () => '/auth/logout'],
    ['POST', () => '/auth/change-password'],
    ['POST', () => '/user/settings/mfa'],
    ['POST', () => '/auth/mfa/disable'],
    ['POST', () => '/api/applications'],
    ['PUT', () => `/api/applications/${vault.tenants.test.applicationId}`],
    ['DELETE', () => `/api/applications/${vault.tenants.other.applicationId}`],
    ['POST', () => `/api/applications/${vault.tenants.test.applicationId}/rotate-key`],
    ['POST', () => '/api/projects'],
    ['PUT', () => `/api/projects/${vault.tenants.test.projectId}`],
    ['DELETE', () => `/api/projects/${vault.tenants.other.projectId}`],
    ['POST', () => '/api/members'],
    ['PUT', () => `/api/members/${users.viewer.id}`],
    ['DELETE', () => `/api/members/${users.viewer.id}`],
    ['POST', () => '/api/merchants'],
    ['PUT', () => '/api/account'],
    ['POST', () => '/test-tokens'],
    ['DELETE', () => '/api/tokens/tok_AAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('%s %s', async (method, path) => {
    expectCrossSiteRefusal(await crossSiteForm(owner, method, path()));
  });

  it('a body-less rotate-key changes nothing: the old key still works, no new key was issued', async () => {
    const application = await newApplication('csrf rotate target');
    const before = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id: application.id }, select: { keyHash: true } });
    const response = await vault.call('POST', `/api/applications/${application.id}/rotate-key`, { key: null, headers: { cookie: `vault_session=${owner}`, origin: EVIL } });
    expectCrossSiteRefusal(response);
    const after = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id: application.id }, select: { keyHash: true } });
    expect(after.keyHash).toEqual(before.keyHash);
    expect((await vault.call('GET', '/api/applications/key', { key: application.apiKey })).status).toBe(200);
  });

  it('a forged logout leaves the session alive; a forged member removal leaves the member', async () => {
    const token = await loginAs(vault, users.developer.email);
    expectCrossSiteRefusal(await crossSiteForm(token, 'POST', '/auth/logout'));
    expect((await vault.call('GET', '/auth/verify', { key: null, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expectCrossSiteRefusal(await crossSiteForm(owner, 'DELETE', `/api/members/${users.viewer.id}`));
    expect(await vault.runtime.db.prisma.user.count({ where: { id: users.viewer.id } })).toBe(1);
  });

  it.each([
    ['another origin', { origin: EVIL }],
    ['a sibling subdomain (same site, other origin)', { origin: 'http://evil.localhost:3000' }],
    ['the same host over another scheme', { origin: 'https://localhost:3000' }],
    ['the same host on another port', { origin: 'http://localhost:3001' }],
    ['an opaque origin (sandboxed frame, data: URL)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site without Origin', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin even with Sec-Fetch-Site: same-origin', { origin: EVIL, 'sec-fetch-site': 'same-origin' }],
  ])('refuses %s', async (_name, headers) => {
    expect(vault.runtime.config.APP_URL).toBe('http://localhost:3000');
    expectCrossSiteRefusal(await withCookie(owner, 'PUT', `/api/projects/${vault.tenants.test.projectId}`, headers, { name: 'Renamed' }));
  });
});

describe('error: a cookie-authenticated mutation with neither Origin nor Sec-Fetch-Site (no browser) is refused', () => {
  it('403 forbidden_origin: servers use Authorization: Bearer', async () => {
    expectCrossSiteRefusal(await withCookie(owner, 'PUT', `/api/projects/${vault.tenants.test.projectId}`, {}, { name: 'Renamed' }));
  });

  it('a cookie that is no session is still refused as cross-site first (nothing is looked up)', async () => {
    expectCrossSiteRefusal(await crossSiteForm('not-a-jwt', 'POST', '/api/projects'));
  });
});

describe('happy: the app\'s own pages, Bearer calls and reads', () => {
  it('the app\'s own Origin passes (rename a project, rotate a key body-less)', async () => {
    const renamed = await withCookie(owner, 'PUT', `/api/projects/${vault.tenants.test.projectId}`, { origin: appOrigin }, { name: 'Test project' });
    expect(renamed.status).toBe(200);
    const application = await newApplication('csrf same origin');
    const rotated = await vault.call('POST', `/api/applications/${application.id}/rotate-key`, { key: null, headers: { cookie: `vault_session=${owner}`, origin: appOrigin } });
    expect(rotated.status).toBe(200);
  });

  it('Sec-Fetch-Site: same-origin passes when the browser sends no Origin', async () => {
    const response = await withCookie(owner, 'PUT', `/api/projects/${vault.tenants.test.projectId}`, { 'sec-fetch-site': 'same-origin' }, { name: 'Test project' });
    expect(response.status).toBe(200);
  });

  it('Bearer calls are unaffected, whatever their Origin (a cookie beside the Bearer changes nothing)', async () => {
    const application = await newApplication('csrf bearer');
    const variants: Record<string, string>[] = [{}, { origin: EVIL, 'sec-fetch-site': 'cross-site' }, { origin: EVIL, cookie: `vault_session=${owner}` }];
    for (const headers of variants) {
      const response = await vault.call('PUT', `/api/projects/${vault.tenants.test.projectId}`, { key: null, json: { name: 'Test project' }, headers: { authorization: `Bearer ${owner}`, ...headers } });
      expect(response.status).toBe(200);
    }
    const rotated = await vault.call('POST', `/api/applications/${application.id}/rotate-key`, { key: null, headers: { authorization: `Bearer ${owner}`, origin: EVIL } });
    expect(rotated.status).toBe(200);
    const token = await loginAs(vault, users.viewer.email);
    expect((await vault.call('POST', '/auth/logout', { key: null, headers: { authorization: `Bearer ${token}`, origin: EVIL } })).status).toBe(200);
  });

  it('the hybrid routes\' API-key door is unaffected (the cookie is ignored there)', async () => {
    const response = await vault.call('DELETE', '/api/tokens/tok_AAAAAAAAAAAAAAAAAAAAAAAA', { headers: { cookie: `vault_session=${owner}`, origin: EVIL } });
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe('token_not_found');
  });

  it('reads with the cookie are unaffected (GET answers, whatever the Origin)', async () => {
    for (const path of ['/api/projects', '/auth/verify', '/api/account']) {
      expect((await withCookie(owner, 'GET', path, { origin: EVIL, 'sec-fetch-site': 'cross-site' })).status).toBe(200);
    }
  });
});
