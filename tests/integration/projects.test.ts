// GET/POST /api/projects, GET/PUT/DELETE /api/projects/{id}: the account's projects, pub keys of
// production projects (shown, rotatable), deletion cascading to applications, roles, tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { hashPassword } from '../../lib/auth/passwords';
import { cardRequest } from '../helpers/fixtures';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const tokens = {} as Record<Role | 'stranger', string>;
let strangerProjectId: string;

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'projects');
  // A second account with one test project and its owner: it must never see the first one, nor be seen.
  const { prisma } = vault.runtime.db;
  const account = await prisma.account.create({ data: { name: 'Stranger account' } });
  strangerProjectId = (await createProject(vault.runtime, { accountId: account.id, name: 'Stranger project', environment: 'test' })).id;
  const stranger = await prisma.user.create({
    data: { accountId: account.id, email: `stranger-${Date.now()}@example.com`, passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner' },
    select: { email: true },
  });
  for (const [role, email] of [...(['owner', 'admin', 'developer', 'viewer'] as const).map((role) => [role, users[role].email]), ['stranger', stranger.email]]) {
    const response = await vault.call('POST', '/auth/login', { key: null, json: { email, password: TEST_PASSWORD } });
    expect(response.status).toBe(200);
    tokens[role as Role | 'stranger'] = response.json.token;
  }
});
afterAll(() => vault?.close());

const as = (who: Role | 'stranger' | null, method: string, path: string, json?: unknown): Promise<ApiResponse> =>
  vault.call(method, path, { key: null, json, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

const error = (response: ApiResponse, code: string, message: string) => ({
  success: false,
  error: { code, message },
  request_id: response.headers.get('x-request-id'),
});

const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
/** A project's token settings until set: no searchable metadata key, none being indexed, no retention. */
const SETTINGS = { searchable_metadata_keys: [], metadata_keys_indexing: [], token_retention_days: null };

describe('happy', () => {
  it('lists the account’s projects for every role, production ones with their pub key', async () => {
    for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) {
      const response = await as(role, 'GET', '/api/projects');
      expect(response.status).toBe(200);
      expect(response.json.success).toBe(true);
      expect(response.json.data.slice(0, 3)).toEqual([
        { id: vault.tenants.test.projectId, name: 'Test project', environment: 'test', production: false, allowed_proxy_hosts: null, ...SETTINGS, created_at: ISO },
        { id: vault.tenants.production.projectId, name: 'Production project', environment: 'production', production: true, allowed_proxy_hosts: null, ...SETTINGS, created_at: ISO, pub_key: vault.tenants.production.pubKey },
        { id: vault.tenants.other.projectId, name: 'Other test project', environment: 'test', production: false, allowed_proxy_hosts: null, ...SETTINGS, created_at: ISO },
      ]);
    }
  });

  it('creates a test project (201) and audits it', async () => {
    const response = await as('admin', 'POST', '/api/projects', { name: '  Checkout  ' });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ success: true, data: { id: UUID, name: 'Checkout', environment: 'test', production: false, allowed_proxy_hosts: null, ...SETTINGS, created_at: ISO } });
    expect(await auditOf(response)).toMatchObject({ action: 'project.create', outcome: 'success', statusCode: 201, userId: users.admin.id, projectId: response.json.data.id });
    expect((await as('viewer', 'GET', `/api/projects/${response.json.data.id}`)).json).toEqual(response.json);
  });

  it('creates a production project with a pub key, shown again in its details', async () => {
    const response = await as('owner', 'POST', '/api/projects', { name: 'Live', production: true });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      data: { id: UUID, name: 'Live', environment: 'production', production: true, allowed_proxy_hosts: null, ...SETTINGS, created_at: ISO, pub_key: expect.stringMatching(/^pk_live_[0-9A-Za-z]{32}$/) },
    });
    const details = await as('developer', 'GET', `/api/projects/${response.json.data.id}`);
    expect(details.status).toBe(200);
    expect(details.json).toEqual(response.json);
    const audit = await auditOf(response);
    expect(JSON.stringify(audit)).not.toContain(response.json.data.pub_key);
  });

  it('renames a project', async () => {
    const { id } = (await as('owner', 'POST', '/api/projects', { name: 'Old name' })).json.data;
    const response = await as('admin', 'PUT', `/api/projects/${id}`, { name: 'New name' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, data: { id, name: 'New name', environment: 'test', production: false, allowed_proxy_hosts: null, ...SETTINGS, created_at: ISO } });
    expect(await auditOf(response)).toMatchObject({ action: 'project.update', outcome: 'success', projectId: id, userId: users.admin.id });
  });

  it('rotates a production pub key: the old one stops working at once, the new one works', async () => {
    const created = (await as('owner', 'POST', '/api/projects', { name: 'Rotating', production: true })).json.data;
    const app = await createApplication(vault.runtime, { projectId: created.id, environment: 'production', name: 'rotating app', permissions: { tokenization: true, provisioning: false } });
    expect((await vault.call('POST', '/tokenize', { key: app.apiKey, pubKey: created.pub_key, json: cardRequest() })).status).toBeLessThan(300);
    const response = await as('admin', 'PUT', `/api/projects/${created.id}`, { rotate_pub_key: true });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, data: { ...created, pub_key: expect.stringMatching(/^pk_live_/) } });
    expect(response.json.data.pub_key).not.toBe(created.pub_key);
    const old = await vault.call('POST', '/tokenize', { key: app.apiKey, pubKey: created.pub_key, json: cardRequest() });
    expect(old.status).toBe(401);
    expect(old.json.error).toEqual({ code: 'invalid_pub_key', message: 'Invalid pub key' });
    expect((await vault.call('POST', '/tokenize', { key: app.apiKey, pubKey: response.json.data.pub_key, json: cardRequest() })).status).toBeLessThan(300);
    expect((await as('viewer', 'GET', `/api/projects/${created.id}`)).json.data.pub_key).toBe(response.json.data.pub_key);
  });

  it('deletes a project with its applications: their keys stop working at once', async () => {
    const { id } = (await as('owner', 'POST', '/api/projects', { name: 'Doomed' })).json.data;
    const app = await createApplication(vault.runtime, { projectId: id, environment: 'test', name: 'doomed app', permissions: { tokenization: true, provisioning: false } });
    expect((await vault.call('GET', '/api/applications/key', { key: app.apiKey })).status).toBe(200);
    const response = await as('admin', 'DELETE', `/api/projects/${id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: 'Project deleted' });
    expect(await auditOf(response)).toMatchObject({ action: 'project.delete', outcome: 'success', projectId: id, userId: users.admin.id });
    expect((await vault.call('GET', '/api/applications/key', { key: app.apiKey })).status).toBe(401);
    expect(await vault.runtime.db.prisma.application.count({ where: { projectId: id } })).toBe(0);
    const gone = await as('owner', 'GET', `/api/projects/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual(error(gone, 'not_found', 'Project not found'));
  });

  it('sets the token settings: searchable metadata keys (duplicates dropped) and retention, shown by every project route', async () => {
    const { id } = (await as('owner', 'POST', '/api/projects', { name: 'Settings' })).json.data;
    const response = await as('admin', 'PUT', `/api/projects/${id}`, { searchable_metadata_keys: ['customer_id', 'plan', 'customer_id'], token_retention_days: 90 });
    expect(response.status).toBe(200);
    const settings = { searchable_metadata_keys: ['customer_id', 'plan'], metadata_keys_indexing: [], token_retention_days: 90 };
    expect(response.json.data).toEqual({ id, name: 'Settings', environment: 'test', production: false, allowed_proxy_hosts: null, ...settings, created_at: ISO });
    expect((await as('viewer', 'GET', `/api/projects/${id}`)).json.data).toMatchObject(settings);
    expect((await as('viewer', 'GET', '/api/projects')).json.data.find((project: { id: string }) => project.id === id)).toMatchObject(settings);
    expect(await auditOf(response)).toMatchObject({ action: 'project.update', outcome: 'success', projectId: id });
    // Each setting alone leaves the other as it is; null keeps tokens forever, [] searches nothing.
    expect((await as('owner', 'PUT', `/api/projects/${id}`, { token_retention_days: null })).json.data).toMatchObject({ ...settings, token_retention_days: null });
    expect((await as('owner', 'PUT', `/api/projects/${id}`, { searchable_metadata_keys: [] })).json.data).toMatchObject({ searchable_metadata_keys: [], token_retention_days: null });
  });

  it('creates a project with its token settings', async () => {
    const response = await as('owner', 'POST', '/api/projects', { name: 'Born searchable', searchable_metadata_keys: ['order_ref'], token_retention_days: 30 });
    expect(response.status).toBe(201);
    expect(response.json.data).toMatchObject({ searchable_metadata_keys: ['order_ref'], metadata_keys_indexing: [], token_retention_days: 30 });
  });

  it('deletes a test project while another test project remains', async () => {
    const { id } = (await as('owner', 'POST', '/api/projects', { name: 'Spare' })).json.data;
    expect((await as('owner', 'DELETE', `/api/projects/${id}`)).status).toBe(200);
  });
});

describe('error', () => {
  it.each([
    [{}, 'name', 'name is required'],
    [{ name: '' }, 'name', 'name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'name must be at most 100 characters'],
    [{ name: 'ok', production: 'yes' }, 'production', 'production must be a boolean'],
    [{ name: 'ok', extra: 1 }, 'extra', 'Unrecognized field'],
    [{ name: 'ok', token_retention_days: 0 }, 'token_retention_days', 'token_retention_days must be an integer from 1 to 3650, or null'],
    [{ name: 'ok', searchable_metadata_keys: ['Bad Key'] }, 'searchable_metadata_keys.0', 'searchable_metadata_keys entries must be 1 to 40 of a-z, 0-9 and _'],
  ])('POST %j → 400', async (body, path, message) => {
    const response = await as('owner', 'POST', '/api/projects', body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
      request_id: response.headers.get('x-request-id'),
    });
    expect(await auditOf(response)).toMatchObject({ action: 'project.create', outcome: 'failure', statusCode: 400 });
  });

  it('refuses an empty update and a pub key rotation of a test project', async () => {
    const empty = await as('owner', 'PUT', `/api/projects/${vault.tenants.other.projectId}`, {});
    expect(empty.status).toBe(400);
    expect(empty.json.error).toEqual({
      code: 'validation_error',
      message: 'Invalid request: name, rotate_pub_key, allowed_proxy_hosts, searchable_metadata_keys or token_retention_days is required',
      fields: [{ path: '', message: 'name, rotate_pub_key, allowed_proxy_hosts, searchable_metadata_keys or token_retention_days is required' }],
    });
    const rotate = await as('owner', 'PUT', `/api/projects/${vault.tenants.other.projectId}`, { rotate_pub_key: true });
    expect(rotate.status).toBe(400);
    expect(rotate.json.error).toEqual({
      code: 'validation_error',
      message: 'Invalid request: rotate_pub_key: Only production projects have a pub key',
      fields: [{ path: 'rotate_pub_key', message: 'Only production projects have a pub key' }],
    });
  });

  const retentionRule = 'token_retention_days must be an integer from 1 to 3650, or null';
  const keyRule = 'searchable_metadata_keys entries must be 1 to 40 of a-z, 0-9 and _';
  it.each([
    [{ token_retention_days: 0 }, 'token_retention_days', retentionRule],
    [{ token_retention_days: 3651 }, 'token_retention_days', retentionRule],
    [{ token_retention_days: 7.5 }, 'token_retention_days', retentionRule],
    [{ token_retention_days: '30' }, 'token_retention_days', retentionRule],
    [{ searchable_metadata_keys: 'customer_id' }, 'searchable_metadata_keys', 'searchable_metadata_keys must be an array of metadata keys'],
    [{ searchable_metadata_keys: ['ok', 'Customer-ID'] }, 'searchable_metadata_keys.1', keyRule],
    [{ searchable_metadata_keys: ['x'.repeat(41)] }, 'searchable_metadata_keys.0', keyRule],
    [{ searchable_metadata_keys: [7] }, 'searchable_metadata_keys.0', 'searchable_metadata_keys entries must be strings'],
    [{ searchable_metadata_keys: Array.from({ length: 21 }, (_, index) => `key_${index}`) }, 'searchable_metadata_keys', 'searchable_metadata_keys may hold at most 20 keys'],
  ])('PUT %j → 400 naming the field; nothing changes', async (body, path, message) => {
    const response = await as('owner', 'PUT', `/api/projects/${vault.tenants.other.projectId}`, body);
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({ code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] });
    expect((await as('owner', 'GET', `/api/projects/${vault.tenants.other.projectId}`)).json.data).toMatchObject(SETTINGS);
  });

  it('refuses deleting the account’s last test project (409)', async () => {
    const response = await as('stranger', 'DELETE', `/api/projects/${strangerProjectId}`);
    expect(response.status).toBe(409);
    expect(response.json).toEqual(error(response, 'conflict', 'The account must keep at least one test project'));
    expect((await as('stranger', 'GET', `/api/projects/${strangerProjectId}`)).status).toBe(200);
  });

  it.each([
    ['GET', '/api/projects/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/projects/not-a-uuid'],
    ['PUT', '/api/projects/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/projects/00000000-0000-4000-8000-000000000000'],
  ])('%s %s → 404', async (method, path) => {
    const response = await as('owner', method, path, method === 'PUT' ? { name: 'x' } : undefined);
    expect(response.status).toBe(404);
    expect(response.json).toEqual(error(response, 'not_found', 'Project not found'));
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await vault.call('POST', '/api/projects', { key: null, body: 'name=x', headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'text/plain' } });
    expect(response.status).toBe(415);
  });
});

describe('security', () => {
  it.each([
    ['GET', '/api/projects'],
    ['POST', '/api/projects'],
    ['GET', '/api/projects/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/projects/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/projects/00000000-0000-4000-8000-000000000000'],
  ])('%s %s without a session → 401', async (method, path) => {
    const response = await as(null, method, path, method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined);
    expect(response.status).toBe(401);
    expect(response.json).toEqual(error(response, 'unauthorized', 'Authentication required'));
  });

  it('does not take an API key as a session', async () => {
    expect((await vault.call('GET', '/api/projects')).status).toBe(401);
  });

  it.each(['developer', 'viewer'] as const)('%s cannot create, update or delete (403)', async (role) => {
    const id = vault.tenants.other.projectId;
    for (const [method, path, body] of [
      ['POST', '/api/projects', { name: 'nope' }],
      ['PUT', `/api/projects/${id}`, { name: 'nope' }],
      ['DELETE', `/api/projects/${id}`, undefined],
    ] as const) {
      const response = await as(role, method, path, body);
      expect(response.status).toBe(403);
      expect(response.json).toEqual(error(response, 'insufficient_permissions', 'Insufficient permissions'));
    }
    expect((await as('viewer', 'GET', `/api/projects/${id}`)).json.data.name).toBe('Other test project');
  });

  it('keeps accounts apart: another account’s project is 404 for every method, and never listed', async () => {
    for (const [method, body] of [['GET'], ['PUT', { name: 'hijack' }], ['PUT', { rotate_pub_key: true }], ['DELETE']] as const) {
      const response = await as('stranger', method, `/api/projects/${vault.tenants.production.projectId}`, body);
      expect(response.status).toBe(404);
      expect(response.json).toEqual(error(response, 'not_found', 'Project not found'));
      const back = await as('owner', method, `/api/projects/${strangerProjectId}`, body);
      expect(back.status).toBe(404);
    }
    const list = await as('stranger', 'GET', '/api/projects');
    expect(list.json).toEqual({ success: true, data: [{ id: strangerProjectId, name: 'Stranger project', environment: 'test', production: false, allowed_proxy_hosts: null, ...SETTINGS, created_at: ISO }] });
    const ours = (await as('owner', 'GET', '/api/projects')).json.data.map((project: { id: string }) => project.id);
    expect(ours).not.toContain(strangerProjectId);
    expect((await as('owner', 'GET', `/api/projects/${vault.tenants.production.projectId}`)).json.data.name).toBe('Production project');
  });
});
