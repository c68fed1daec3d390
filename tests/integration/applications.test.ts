// Application management (JWT): POST/GET /api/applications, GET/PUT/DELETE /api/applications/{id},
// POST /api/applications/{id}/rotate-key. Happy, error and security tables: the role matrix, a second
// account that sees and touches nothing (404), keys shown once and never listed, delete and rotation
// taking effect at once (and after a grace period), last_used_at, audit rows without key material.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto/hash';
import { loginAs, seedStranger } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const tokens = {} as Record<Role | 'stranger', string>;
let stranger: { id: string; accountId: string; projectId: string };
/** Every API key this file was given, to prove none reaches a listing, a log line or an audit row. */
const issuedKeys: string[] = [];

const ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'apps');
  for (const role of ROLES) tokens[role] = await loginAs(vault, users[role].email);
  // A second account with its own test project and owner.
  const other = await seedStranger(vault);
  stranger = { id: other.userId, accountId: other.accountId, projectId: other.projectId };
  tokens.stranger = other.token;
});
afterAll(() => vault?.close());

type CallOptions = { json?: unknown; body?: string; headers?: Record<string, string> };
const api = (who: Role | 'stranger' | null, method: string, path: string, options: CallOptions = {}) =>
  vault.call(method, path, {
    key: null,
    ...options,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...options.headers },
  });
const verifyKey = (key: string) => vault.call('GET', '/api/applications/key', { key });

const errorBody = (response: ApiResponse, code: string, message: string) => ({
  success: false,
  error: { code, message },
  request_id: response.headers.get('x-request-id'),
});

let counter = 0;
async function createApp(options: { as?: Role | 'stranger'; tokenization?: boolean; provisioning?: boolean; projectId?: string } = {}) {
  const response = await api(options.as ?? 'owner', 'POST', '/api/applications', {
    json: {
      name: `app ${++counter}`,
      permissions: { tokenization: { allowed: options.tokenization ?? true }, ...(options.provisioning === undefined ? {} : { provisioning: { allowed: options.provisioning } }) },
      ...(options.projectId ? { project_id: options.projectId } : {}),
    },
  });
  expect(response.status).toBe(201);
  issuedKeys.push(response.json.data.api_key);
  return response.json.data as { id: string; name: string; api_key: string; project_id: string; created_at: string };
}

const auditRow = (response: ApiResponse) =>
  vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

describe('applications — happy', () => {
  it('POST creates an application in the account\'s first test project and shows its key once', async () => {
    const response = await api('owner', 'POST', '/api/applications', { json: { name: '  Checkout backend  ', permissions: { tokenization: { allowed: true } } } });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Checkout backend',
        api_key: expect.stringMatching(/^vk_test_[0-9A-Za-z]{32}$/),
        permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        project_id: vault.tenants.test.projectId,
      },
    });
    const { id, api_key: apiKey } = response.json.data;
    issuedKeys.push(apiKey);
    expect(await auditRow(response)).toMatchObject({
      action: 'application.create',
      outcome: 'success',
      statusCode: 201,
      userId: users.owner.id,
      projectId: vault.tenants.test.projectId,
      applicationId: id,
    });
    // Stored hashed: the row holds the hash and the prefix, never the key.
    const row = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id }, select: { keyHash: true, keyPrefix: true } });
    expect(row).toEqual({ keyHash: vault.runtime.keyring.hashSecret(apiKey), keyPrefix: apiKey.slice(0, 12) });
  });

  it('the created key authenticates on GET /api/applications/key with exactly the permissions asked', async () => {
    for (const [tokenization, provisioning] of [[true, false], [false, true], [true, true]] as const) {
      const created = await createApp({ tokenization, provisioning });
      const response = await verifyKey(created.api_key);
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({
        project_id: vault.tenants.test.projectId,
        application_id: created.id,
        name: created.name,
        permissions: { tokenization: { allowed: tokenization }, detokenize: { allowed: tokenization }, provisioning: { allowed: provisioning }, search: { allowed: false } },
      });
    }
  });

  it('a production project\'s application gets a vk_live_ key (admin, explicit project_id)', async () => {
    const created = await createApp({ as: 'admin', projectId: vault.tenants.production.projectId });
    expect(created.api_key).toMatch(/^vk_live_/);
    expect(created.project_id).toBe(vault.tenants.production.projectId);
    expect((await verifyKey(created.api_key)).json.data.project_id).toBe(vault.tenants.production.projectId);
  });

  it('GET lists the account\'s applications by created_at for every role, filterable by project', async () => {
    const other = await createApp({ projectId: vault.tenants.other.projectId });
    for (const role of ROLES) {
      const response = await api(role, 'GET', '/api/applications');
      expect(response.status).toBe(200);
      expect(response.json.success).toBe(true);
      const list = response.json.data as { id: string; created_at: string; project_id: string }[];
      expect(list.map((app) => app.id)).toContain(other.id);
      const times = list.map((app) => app.created_at);
      expect(times).toEqual([...times].sort());
    }
    const filtered = await api('viewer', 'GET', `/api/applications?project_id=${vault.tenants.other.projectId}`);
    expect(filtered.status).toBe(200);
    expect(new Set(filtered.json.data.map((app: { project_id: string }) => app.project_id))).toEqual(new Set([vault.tenants.other.projectId]));
    expect(filtered.json.data.map((app: { id: string }) => app.id)).toContain(other.id);
  });

  it('GET /{id} describes an application by its key prefix and last use, never the key', async () => {
    const created = await createApp({ provisioning: true });
    const before = await api('developer', 'GET', `/api/applications/${created.id}`);
    expect(before.status).toBe(200);
    expect(before.json).toEqual({
      success: true,
      data: {
        id: created.id,
        name: created.name,
        project_id: vault.tenants.test.projectId,
        permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: true }, search: { allowed: false } },
        key_prefix: created.api_key.slice(0, 12),
        last_used_at: null,
        previous_key_expires_at: null,
        previous_key_uses: null,
        created_at: created.created_at,
      },
    });
  });

  it('sets last_used_at when the key is used, at most once a minute', async () => {
    const created = await createApp();
    const startedAt = Date.now();
    expect((await verifyKey(created.api_key)).status).toBe(200);
    const first = (await api('viewer', 'GET', `/api/applications/${created.id}`)).json.data.last_used_at;
    expect(first).not.toBeNull();
    expect(Date.parse(first)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(first)).toBeLessThanOrEqual(Date.now());
    // Used again within the minute: not written again.
    expect((await verifyKey(created.api_key)).status).toBe(200);
    expect((await api('viewer', 'GET', `/api/applications/${created.id}`)).json.data.last_used_at).toBe(first);
  });

  it('list and get never carry the key or its hash (raw JSON text)', async () => {
    const created = await createApp();
    const texts = [
      (await api('owner', 'GET', '/api/applications')).text,
      (await api('owner', 'GET', `/api/applications?project_id=${vault.tenants.test.projectId}`)).text,
      (await api('owner', 'GET', `/api/applications/${created.id}`)).text,
      (await api('owner', 'PUT', `/api/applications/${created.id}`, { json: { name: 'renamed for the check' } })).text,
    ];
    for (const text of texts) {
      expect(text).toContain(created.id);
      // (The view's `previous_key_expires_at` / `previous_key_uses` are fine; the previous key's hash is not.)
      for (const forbidden of ['api_key', 'key_hash', 'keyHash', 'previous_key_hash', 'previousKeyHash', created.api_key, sha256Hex(created.api_key), vault.runtime.keyring.hashSecret(created.api_key)]) expect(text).not.toContain(forbidden);
      for (const key of issuedKeys) expect(text).not.toContain(key);
    }
  });

  it('POST with permissions.search: the key may search (issue 25); verify-key says so', async () => {
    const response = await api('owner', 'POST', '/api/applications', { json: { name: 'searcher', permissions: { tokenization: { allowed: false }, search: { allowed: true } } } });
    expect(response.status).toBe(201);
    issuedKeys.push(response.json.data.api_key);
    expect(response.json.data.permissions).toEqual({ tokenization: { allowed: false }, detokenize: { allowed: false }, provisioning: { allowed: false }, search: { allowed: true } });
    expect((await verifyKey(response.json.data.api_key)).json.data.permissions).toEqual(response.json.data.permissions);
  });

  it('PUT renames and changes permissions (partially); the key sees the change at once', async () => {
    const created = await createApp({ tokenization: true });
    expect((await verifyKey(created.api_key)).json.data.permissions.tokenization.allowed).toBe(true); // now cached
    const renamed = await api('admin', 'PUT', `/api/applications/${created.id}`, { json: { name: 'Renamed app' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({
      success: true,
      data: expect.objectContaining({ id: created.id, name: 'Renamed app', permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } } }),
    });
    const changed = await api('owner', 'PUT', `/api/applications/${created.id}`, { json: { permissions: { tokenization: { allowed: false } } } });
    expect(changed.status).toBe(200);
    // A permission the update does not name stays as it is: detokenize included.
    expect(changed.json.data).toMatchObject({ name: 'Renamed app', permissions: { tokenization: { allowed: false }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } } });
    const both = await api('owner', 'PUT', `/api/applications/${created.id}`, { json: { name: 'Both', permissions: { provisioning: { allowed: true } } } });
    expect(both.json.data).toMatchObject({ name: 'Both', permissions: { tokenization: { allowed: false }, provisioning: { allowed: true } } });
    const verified = await verifyKey(created.api_key);
    expect(verified.json.data).toMatchObject({ name: 'Both', permissions: { tokenization: { allowed: false }, provisioning: { allowed: true } } });
    // The search permission (issue 25): off unless given, changed alone, shown by verify-key at once.
    const search = await api('admin', 'PUT', `/api/applications/${created.id}`, { json: { permissions: { search: { allowed: true } } } });
    expect(search.json.data.permissions).toEqual({ tokenization: { allowed: false }, detokenize: { allowed: true }, provisioning: { allowed: true }, search: { allowed: true } });
    expect((await verifyKey(created.api_key)).json.data.permissions.search).toEqual({ allowed: true });
    // Without tokenization the key no longer tokenizes.
    const tokenize = await vault.call('POST', '/tokenize', { key: created.api_key, json: { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } } });
    expect(tokenize.status).toBe(403);
    expect(await auditRow(both)).toMatchObject({ action: 'application.update', outcome: 'success', userId: users.owner.id, applicationId: created.id, projectId: vault.tenants.test.projectId });
  });

  it('DELETE removes the application and its key stops working at once', async () => {
    const created = await createApp();
    expect((await verifyKey(created.api_key)).status).toBe(200); // cached from here on
    const response = await api('owner', 'DELETE', `/api/applications/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: 'Application deleted' });
    const after = await verifyKey(created.api_key);
    expect(after.status).toBe(401);
    expect(after.json).toEqual(errorBody(after, 'invalid_api_key', 'Invalid API key'));
    expect((await api('owner', 'GET', `/api/applications/${created.id}`)).status).toBe(404);
    expect((await api('owner', 'GET', '/api/applications')).json.data.map((app: { id: string }) => app.id)).not.toContain(created.id);
    expect(await vault.runtime.db.prisma.application.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await auditRow(response)).toMatchObject({ action: 'application.delete', outcome: 'success', userId: users.owner.id, applicationId: created.id, projectId: vault.tenants.test.projectId });
    expect((await api('owner', 'DELETE', `/api/applications/${created.id}`)).status).toBe(404);
  });

  it('rotate-key without a grace period: the new key works at once, the old one stops at once', async () => {
    const created = await createApp();
    expect((await verifyKey(created.api_key)).status).toBe(200); // cached
    const response = await api('admin', 'POST', `/api/applications/${created.id}/rotate-key`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: { id: created.id, api_key: expect.stringMatching(/^vk_test_[0-9A-Za-z]{32}$/), key_prefix: expect.any(String), previous_key_expires_at: null },
    });
    const newKey = response.json.data.api_key;
    issuedKeys.push(newKey);
    expect(newKey).not.toBe(created.api_key);
    expect(response.json.data.key_prefix).toBe(newKey.slice(0, 12));
    expect((await verifyKey(created.api_key)).status).toBe(401);
    expect((await verifyKey(newKey)).json.data.application_id).toBe(created.id);
    expect((await api('viewer', 'GET', `/api/applications/${created.id}`)).json.data.key_prefix).toBe(newKey.slice(0, 12));
    expect(await auditRow(response)).toMatchObject({ action: 'application.rotate_key', outcome: 'success', userId: users.admin.id, applicationId: created.id });
    // An explicit 0 is the same.
    const again = await api('owner', 'POST', `/api/applications/${created.id}/rotate-key`, { json: { grace_period_seconds: 0 } });
    issuedKeys.push(again.json.data.api_key);
    expect((await verifyKey(newKey)).status).toBe(401);
    expect((await verifyKey(again.json.data.api_key)).status).toBe(200);
  });

  it('rotate-key with a 2 s grace period: the old key works until it ends, then 401', async () => {
    const created = await createApp();
    expect((await verifyKey(created.api_key)).status).toBe(200);
    const response = await api('owner', 'POST', `/api/applications/${created.id}/rotate-key`, { json: { grace_period_seconds: 2 } });
    expect(response.status).toBe(200);
    const expiresAt = Date.parse(response.json.data.previous_key_expires_at);
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 2000);
    issuedKeys.push(response.json.data.api_key);
    // Both work now (the old one is looked up, and cached, during the grace period)…
    expect((await verifyKey(created.api_key)).json.data.application_id).toBe(created.id);
    expect((await verifyKey(created.api_key)).status).toBe(200);
    expect((await verifyKey(response.json.data.api_key)).status).toBe(200);
    // …and the old one stops when the grace period ends, although the key cache lives longer.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 200));
    expect((await verifyKey(created.api_key)).status).toBe(401);
    expect((await verifyKey(response.json.data.api_key)).status).toBe(200);
  });
});

describe('applications — errors', () => {
  it.each([
    [{}, ['name', 'permissions.tokenization.allowed']],
    [{ name: 'ok name' }, ['permissions.tokenization.allowed']],
    [{ name: 'ab', permissions: { tokenization: { allowed: true } } }, ['name']],
    [{ name: '   ab   ', permissions: { tokenization: { allowed: true } } }, ['name']],
    [{ name: 'x'.repeat(51), permissions: { tokenization: { allowed: true } } }, ['name']],
    [{ name: 7, permissions: { tokenization: { allowed: true } } }, ['name']],
    [{ name: 'ok name', permissions: { tokenization: {} } }, ['permissions.tokenization.allowed']],
    [{ name: 'ok name', permissions: { tokenization: { allowed: 'yes' } } }, ['permissions.tokenization.allowed']],
    [{ name: 'ok name', permissions: { tokenization: { allowed: true }, provisioning: { allowed: 1 } } }, ['permissions.provisioning.allowed']],
    [{ name: 'ok name', permissions: { tokenization: { allowed: true }, search: { allowed: 'yes' } } }, ['permissions.search.allowed']],
    [{ name: 'ok name', permissions: { tokenization: { allowed: true }, search: true } }, ['permissions.search']],
    [{ name: 'ok name', permissions: 'all' }, ['permissions']],
    [{ name: 'ok name', permissions: { tokenization: { allowed: true } }, project_id: 'nope' }, ['project_id']],
    [{ name: 'ok name', permissions: { tokenization: { allowed: true } }, api_key: 'vk_test_x' }, ['api_key']],
  ])('POST validates %j', async (body, paths) => {
    const response = await api('owner', 'POST', '/api/applications', { json: body });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'validation_error', message: expect.stringMatching(/^Invalid request: /), fields: paths.map((path) => ({ path, message: expect.any(String) })) },
      request_id: response.headers.get('x-request-id'),
    });
  });

  it('names the rule in the message', async () => {
    const response = await api('owner', 'POST', '/api/applications', { json: { name: 'ab', permissions: { tokenization: { allowed: true } } } });
    expect(response.json.error.fields).toEqual([{ path: 'name', message: 'name must be 3 to 50 characters' }]);
    const missing = await api('owner', 'POST', '/api/applications', { json: { name: 'abc' } });
    expect(missing.json.error.fields).toEqual([{ path: 'permissions.tokenization.allowed', message: 'permissions.tokenization.allowed is required' }]);
  });

  it('POST into an unknown project → 404 Project not found', async () => {
    const response = await api('owner', 'POST', '/api/applications', { json: { name: 'abc', permissions: { tokenization: { allowed: true } }, project_id: UNKNOWN_ID } });
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(response, 'not_found', 'Project not found'));
  });

  it('POST refuses malformed JSON (400) and other media types (415)', async () => {
    const malformed = await api('owner', 'POST', '/api/applications', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('invalid_json');
    const text = await api('owner', 'POST', '/api/applications', { body: 'name=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(text.status).toBe(415);
  });

  it.each([
    [{}, ['']],
    [{ permissions: {} }, ['']],
    [{ name: 'ab' }, ['name']],
    [{ permissions: { tokenization: { allowed: 'no' } } }, ['permissions.tokenization.allowed']],
    [{ name: 'fine', id: 'x' }, ['id']],
  ])('PUT validates %j', async (body, paths) => {
    const created = await createApp();
    const response = await api('owner', 'PUT', `/api/applications/${created.id}`, { json: body });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
  });

  it.each([[-1], [604_801], [1.5], ['10'], [null]])('rotate-key refuses grace_period_seconds %j', async (grace) => {
    const created = await createApp();
    const response = await api('owner', 'POST', `/api/applications/${created.id}/rotate-key`, { json: { grace_period_seconds: grace } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['grace_period_seconds']);
    // Nothing rotated.
    expect((await verifyKey(created.api_key)).status).toBe(200);
  });

  it('rotate-key accepts the longest grace period (one week)', async () => {
    const created = await createApp();
    const response = await api('owner', 'POST', `/api/applications/${created.id}/rotate-key`, { json: { grace_period_seconds: 604_800 } });
    expect(response.status).toBe(200);
    issuedKeys.push(response.json.data.api_key);
    expect(Date.parse(response.json.data.previous_key_expires_at)).toBeGreaterThan(Date.now() + 604_000_000);
    expect((await verifyKey(created.api_key)).status).toBe(200);
  });

  it.each([
    ['GET', UNKNOWN_ID],
    ['PUT', UNKNOWN_ID],
    ['DELETE', UNKNOWN_ID],
    ['GET', 'not-a-uuid'],
    ['PUT', 'not-a-uuid'],
    ['DELETE', 'not-a-uuid'],
  ])('%s /api/applications/%s → 404 Application not found', async (method, id) => {
    const response = await api('owner', method, `/api/applications/${id}`, method === 'PUT' ? { json: { name: 'whatever' } } : {});
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(response, 'not_found', 'Application not found'));
  });

  it('rotate-key of an unknown application → 404', async () => {
    const response = await api('owner', 'POST', `/api/applications/${UNKNOWN_ID}/rotate-key`);
    expect(response.json).toEqual(errorBody(response, 'not_found', 'Application not found'));
  });

  it('GET ?project_id= validates the id and refuses unknown projects', async () => {
    const bad = await api('viewer', 'GET', '/api/applications?project_id=nope');
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['project_id']);
    const unknown = await api('viewer', 'GET', `/api/applications?project_id=${UNKNOWN_ID}`);
    expect(unknown.json).toEqual(errorBody(unknown, 'not_found', 'Project not found'));
  });

  it('a revoked application (seeded) is gone: not listed, 404', async () => {
    const revoked = await vault.runtime.db.prisma.application.findFirstOrThrow({ where: { projectId: vault.tenants.test.projectId, name: 'revoked' }, select: { id: true } });
    expect((await api('owner', 'GET', `/api/applications/${revoked.id}`)).status).toBe(404);
    expect((await api('owner', 'GET', '/api/applications')).json.data.map((app: { id: string }) => app.id)).not.toContain(revoked.id);
    expect((await api('owner', 'POST', `/api/applications/${revoked.id}/rotate-key`)).status).toBe(404);
  });

  it('unsupported methods → 405', async () => {
    expect((await api('owner', 'PATCH', '/api/applications')).status).toBe(405);
    expect((await api('owner', 'GET', `/api/applications/${UNKNOWN_ID}/rotate-key`)).status).toBe(405);
  });
});

describe('applications — security', () => {
  const routes = (id: string): [string, string, CallOptions][] => [
    ['GET', '/api/applications', {}],
    ['POST', '/api/applications', { json: { name: 'abc', permissions: { tokenization: { allowed: true } } } }],
    ['GET', `/api/applications/${id}`, {}],
    ['PUT', `/api/applications/${id}`, { json: { name: 'hijacked' } }],
    ['DELETE', `/api/applications/${id}`, {}],
    ['POST', `/api/applications/${id}/rotate-key`, {}],
  ];

  it('every route needs a session: none, a garbage token or an API key → 401', async () => {
    const created = await createApp();
    for (const [method, path, options] of routes(created.id)) {
      const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-jwt' }, { 'x-api-key': created.api_key }, { authorization: `Bearer ${created.api_key}` }];
      for (const headers of attempts) {
        const response = await api(null, method, path, { ...options, headers });
        expect(response.status, `${method} ${path} ${JSON.stringify(Object.keys(headers))}`).toBe(401);
        expect(response.json).toEqual(errorBody(response, 'unauthorized', 'Authentication required'));
      }
    }
    expect((await verifyKey(created.api_key)).status).toBe(200);
  });

  it.each(['developer', 'viewer'] as const)('%s: 403 Insufficient permissions on every mutation, audited; nothing changes', async (role) => {
    const created = await createApp();
    const mutations: [string, string, string, CallOptions][] = [
      ['application.create', 'POST', '/api/applications', { json: { name: 'abc', permissions: { tokenization: { allowed: true } } } }],
      ['application.update', 'PUT', `/api/applications/${created.id}`, { json: { name: 'hijacked' } }],
      ['application.delete', 'DELETE', `/api/applications/${created.id}`, {}],
      ['application.rotate_key', 'POST', `/api/applications/${created.id}/rotate-key`, { json: { grace_period_seconds: 0 } }],
    ];
    for (const [action, method, path, options] of mutations) {
      const response = await api(role, method, path, options);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json).toEqual(errorBody(response, 'insufficient_permissions', 'Insufficient permissions'));
      expect(await auditRow(response)).toMatchObject({ action, outcome: 'failure', statusCode: 403, userId: users[role].id });
    }
    expect((await verifyKey(created.api_key)).json.data.name).toBe(created.name);
  });

  it.each(ROLES)('%s can list and get', async (role) => {
    const created = await createApp();
    expect((await api(role, 'GET', '/api/applications')).status).toBe(200);
    expect((await api(role, 'GET', `/api/applications/${created.id}`)).status).toBe(200);
  });

  it.each(['owner', 'admin'] as const)('%s can create, update, rotate and delete', async (role) => {
    const created = await createApp({ as: role });
    expect((await api(role, 'PUT', `/api/applications/${created.id}`, { json: { name: `${role} renamed` } })).status).toBe(200);
    const rotated = await api(role, 'POST', `/api/applications/${created.id}/rotate-key`);
    expect(rotated.status).toBe(200);
    issuedKeys.push(rotated.json.data.api_key);
    expect((await api(role, 'DELETE', `/api/applications/${created.id}`)).status).toBe(200);
    expect((await verifyKey(rotated.json.data.api_key)).status).toBe(401);
  });

  it('another account sees none of these applications and touches none (404), and the key keeps working', async () => {
    const created = await createApp();
    const list = await api('stranger', 'GET', '/api/applications');
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([]);
    for (const [method, path, options] of routes(created.id).filter(([, path]) => path !== '/api/applications')) {
      const response = await api('stranger', method, path, options);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Application not found'));
    }
    const intoOurProject = await api('stranger', 'POST', '/api/applications', { json: { name: 'abc', permissions: { tokenization: { allowed: true } }, project_id: vault.tenants.test.projectId } });
    expect(intoOurProject.json).toEqual(errorBody(intoOurProject, 'not_found', 'Project not found'));
    const filtered = await api('stranger', 'GET', `/api/applications?project_id=${vault.tenants.test.projectId}`);
    expect(filtered.json).toEqual(errorBody(filtered, 'not_found', 'Project not found'));
    // Untouched.
    const verified = await verifyKey(created.api_key);
    expect(verified.status).toBe(200);
    expect(verified.json.data.name).toBe(created.name);
  });

  it('the other account\'s own applications go into its own project and stay invisible to us', async () => {
    const theirs = await createApp({ as: 'stranger' });
    expect(theirs.project_id).toBe(stranger.projectId);
    expect((await api('stranger', 'GET', '/api/applications')).json.data.map((app: { id: string }) => app.id)).toEqual([theirs.id]);
    expect((await api('owner', 'GET', '/api/applications')).json.data.map((app: { id: string }) => app.id)).not.toContain(theirs.id);
    const ours = await api('owner', 'GET', `/api/applications/${theirs.id}`);
    expect(ours.json).toEqual(errorBody(ours, 'not_found', 'Application not found'));
    expect((await api('owner', 'DELETE', `/api/applications/${theirs.id}`)).status).toBe(404);
    expect((await verifyKey(theirs.api_key)).status).toBe(200);
  });

  it('no key material in logs or audit rows', async () => {
    expect(issuedKeys.length).toBeGreaterThan(10);
    const logs = vault.logs.join('\n');
    const audit = JSON.stringify(await vault.runtime.db.prisma.auditLog.findMany());
    for (const key of issuedKeys) {
      for (const secret of [key, sha256Hex(key), vault.runtime.keyring.hashSecret(key)]) {
        expect(logs).not.toContain(secret);
        expect(audit).not.toContain(secret);
      }
    }
  });
});
