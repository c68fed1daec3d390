// Reveal is its own permission (issue 10): `permissions.detokenize.allowed` on applications — absent on
// create it follows `tokenization.allowed`; absent on update it stays as it is (issue 21) — checked by POST /detokenize (403 `Insufficient
// permissions`), shown in every application response, in verify-key's `permissions` and by
// /internal/provision; the API key cache never keeps a revoked reveal.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { loginAs } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type TestUsers } from '../helpers/users';

const PAN = '4242424242424242';

let vault: TestVault;
let psp: TestPsp;
let users: TestUsers;
let owner: string;
let viewer: string;
beforeAll(async () => {
  psp = await startTestPsp();
  vault = await startTestVault({ pspCa: psp.ca });
  users = await seedUsers(vault, 'reveal');
  owner = await loginAs(vault, users.owner.email);
  viewer = await loginAs(vault, users.viewer.email);
});
afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

const api = (token: string, method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${token}` } });

const permissions = (tokenization: boolean, detokenize: boolean, provisioning = false) => ({
  tokenization: { allowed: tokenization },
  detokenize: { allowed: detokenize },
  provisioning: { allowed: provisioning },
  search: { allowed: false },
});

async function createApp(body: Record<string, unknown>): Promise<{ id: string; api_key: string; permissions: unknown }> {
  const response = await api(owner, 'POST', '/api/applications', { name: `app ${Math.random().toString(36).slice(2, 8)}`, ...body });
  expect(response.status, response.text).toBe(201);
  return response.json.data;
}

async function tokenize(key = vault.tenants.test.keys.full): Promise<string> {
  const response = await vault.call('POST', '/tokenize', { key, json: cardRequest({ cardNumber: PAN }) });
  expect(response.status, response.text).toBe(201);
  return response.json.token;
}

const reveal = (key: string, token: string) => vault.call('POST', '/detokenize', { key, json: { token } });

function expectForbidden(response: ApiResponse) {
  expect(response.status).toBe(403);
  expect(response.json).toEqual({ success: false, error: { code: 'insufficient_permissions', message: 'Insufficient permissions' }, request_id: response.headers.get('x-request-id') });
  expect(response.text).not.toContain(PAN);
}

const permissionsOf = async (key: string) => (await vault.call('GET', '/api/applications/key', { key })).json.data.permissions;

describe('happy', () => {
  it('absent on create, detokenize follows tokenization — shown in the create, get, list and verify-key answers', async () => {
    for (const tokenization of [true, false]) {
      const created = await createApp({ permissions: { tokenization: { allowed: tokenization } } });
      expect(created.permissions).toEqual(permissions(tokenization, tokenization));
      expect((await api(viewer, 'GET', `/api/applications/${created.id}`)).json.data.permissions).toEqual(permissions(tokenization, tokenization));
      const listed = (await api(viewer, 'GET', '/api/applications')).json.data.find((app: { id: string }) => app.id === created.id);
      expect(listed.permissions).toEqual(permissions(tokenization, tokenization));
      expect(await permissionsOf(created.api_key)).toEqual(permissions(tokenization, tokenization));
    }
  });

  it('a key with detokenize reveals (200)', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: true } } });
    const response = await reveal(created.api_key, await tokenize(created.api_key));
    expect(response.status).toBe(200);
    expect(response.json.data.cardNumber).toBe(PAN);
  });

  it('tokenize and proxy without reveal: detokenize false keeps every other vault call working', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: true }, detokenize: { allowed: false } } });
    expect(created.permissions).toEqual(permissions(true, false));
    const token = await tokenize(created.api_key);
    const proxied = await vault.call('POST', '/proxy/transaction', { key: created.api_key, json: { token, proxy_url: psp.url('/charge'), request_data: { n: '${cardNumber}' } } });
    expect(proxied.status, proxied.text).toBe(200);
    expect(psp.received.at(-1)!.body.toString('utf8')).toBe(JSON.stringify({ n: PAN }));
    expectForbidden(await reveal(created.api_key, token));
  });

  it('reveal may be granted alone (detokenize without tokenization)', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: false }, detokenize: { allowed: true } } });
    expect(created.permissions).toEqual(permissions(false, true));
    expect((await vault.call('POST', '/tokenize', { key: created.api_key, json: cardRequest() })).status).toBe(403);
    const response = await reveal(created.api_key, await tokenize());
    expect(response.status).toBe(200);
  });

  it('update: each permission changes only when named; tokenization alone leaves reveal as it is; a rename changes none', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: true } } });
    const put = (json: unknown) => api(owner, 'PUT', `/api/applications/${created.id}`, json);
    expect((await put({ permissions: { detokenize: { allowed: false } } })).json.data.permissions).toEqual(permissions(true, false));
    expect((await put({ name: 'renamed app' })).json.data.permissions).toEqual(permissions(true, false));
    expect((await put({ permissions: { provisioning: { allowed: true } } })).json.data.permissions).toEqual(permissions(true, false, true));
    expect((await put({ permissions: { tokenization: { allowed: false } } })).json.data.permissions).toEqual(permissions(false, false, true));
    expect((await put({ permissions: { tokenization: { allowed: true } } })).json.data.permissions).toEqual(permissions(true, false, true));
    expect((await put({ permissions: { detokenize: { allowed: true } } })).json.data.permissions).toEqual(permissions(true, true, true));
    expect((await put({ permissions: { tokenization: { allowed: false } } })).json.data.permissions).toEqual(permissions(false, true, true));
    expect((await put({ permissions: { tokenization: { allowed: true }, detokenize: { allowed: false } } })).json.data.permissions).toEqual(permissions(true, false, true));
    expect(await permissionsOf(created.api_key)).toEqual(permissions(true, false, true));
  });

  it('/internal/provision: the new application gets detokenize = tokenization, shown and working', async () => {
    const response = await vault.call('POST', '/internal/provision', { key: vault.tenants.test.keys.provisioningOnly, json: { name: 'Provisioned reveal' } });
    expect(response.status, response.text).toBe(201);
    expect(response.json.data.application.permissions).toEqual(permissions(true, true));
    const key = response.json.data.api_key;
    expect(await permissionsOf(key)).toEqual(permissions(true, true));
    expect((await reveal(key, await tokenize(key))).status).toBe(200);
  });

  it('verify-key shows the seeded keys as they are', async () => {
    expect(await permissionsOf(vault.tenants.test.keys.full)).toEqual(permissions(true, true));
    expect(await permissionsOf(vault.tenants.test.keys.noPermission)).toEqual(permissions(false, false));
    expect(await permissionsOf(vault.tenants.test.keys.provisioningOnly)).toEqual(permissions(false, false, true));
  });
});

describe('error', () => {
  it.each([
    [{ tokenization: { allowed: true }, detokenize: { allowed: 'yes' } }, 'permissions.detokenize.allowed'],
    [{ tokenization: { allowed: true }, detokenize: true }, 'permissions.detokenize'],
    [{ tokenization: { allowed: true }, detokenize: {} }, 'permissions.detokenize.allowed'],
  ])('create %j → 400 naming %s', async (given, path) => {
    const response = await api(owner, 'POST', '/api/applications', { name: 'bad app', permissions: given });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual([path]);
  });

  it('a key without detokenize gets 403 before its body is even looked at', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: true }, detokenize: { allowed: false } } });
    expectForbidden(await vault.call('POST', '/detokenize', { key: created.api_key, json: {} }));
  });
});

describe('security', () => {
  it('revoking reveal applies at once, even to a key the cache just authenticated; audited as a failed detokenize', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: true } } });
    const token = await tokenize(created.api_key);
    expect((await reveal(created.api_key, token)).status).toBe(200);
    const updated = await api(owner, 'PUT', `/api/applications/${created.id}`, { permissions: { detokenize: { allowed: false } } });
    expect(updated.status).toBe(200);
    const refused = await reveal(created.api_key, token);
    expectForbidden(refused);
    expect(await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: refused.headers.get('x-request-id')! } })).toMatchObject({
      action: 'detokenize',
      outcome: 'failure',
      statusCode: 403,
      applicationId: created.id,
      tokenId: null,
    });
    // And given back: at once as well.
    await api(owner, 'PUT', `/api/applications/${created.id}`, { permissions: { detokenize: { allowed: true } } });
    expect((await reveal(created.api_key, token)).status).toBe(200);
  });

  it('keys that may not reveal: no permission, provisioning only, tokenize-only (created in code)', async () => {
    const token = await tokenize();
    const tokenizeOnly = await createApplication(vault.runtime, {
      projectId: vault.tenants.test.projectId,
      environment: 'test',
      name: 'tokenize only',
      permissions: { tokenization: true, detokenize: false, provisioning: false },
    });
    for (const key of [vault.tenants.test.keys.noPermission, vault.tenants.test.keys.provisioningOnly, tokenizeOnly.apiKey]) expectForbidden(await reveal(key, token));
    const row = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id: tokenizeOnly.id } });
    expect({ tokenization: row.tokenization, detokenize: row.detokenize }).toEqual({ tokenization: true, detokenize: false });
  });

  it('a PUT naming only tokenization never grants reveal back: GET still shows detokenize false and /detokenize stays 403', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: true }, detokenize: { allowed: false } } });
    const token = await tokenize(created.api_key);
    const updated = await api(owner, 'PUT', `/api/applications/${created.id}`, { permissions: { tokenization: { allowed: true } } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.data.permissions).toEqual(permissions(true, false));
    expect((await api(owner, 'GET', `/api/applications/${created.id}`)).json.data.permissions).toEqual(permissions(true, false));
    expect(await permissionsOf(created.api_key)).toEqual(permissions(true, false));
    expectForbidden(await reveal(created.api_key, token));
  });

  it('a viewer cannot grant reveal (403); another project’s token stays 404 for a revealing key', async () => {
    const created = await createApp({ permissions: { tokenization: { allowed: true }, detokenize: { allowed: false } } });
    expect((await api(viewer, 'PUT', `/api/applications/${created.id}`, { permissions: { detokenize: { allowed: true } } })).status).toBe(403);
    expectForbidden(await reveal(created.api_key, await tokenize()));
    const otherToken = await tokenize(vault.tenants.other.keys.full);
    const response = await reveal(vault.tenants.test.keys.full, otherToken);
    expect(response.status).toBe(404);
  });
});
