// POST /internal/provision: an API key with the provisioning permission creates a sub-project in its own
// account and an application allowed to tokenize; the new key (and pub key) work at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { cardRequest } from '../helpers/fixtures';
import { inTenantAccount, startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';

let vault: TestVault;
let accountId: string;
beforeAll(async () => {
  vault = await startTestVault();
  accountId = (await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId }, select: { accountId: true } })).accountId;
});
afterAll(() => vault?.close());

const provision = (key: string | null, json: unknown) => vault.call('POST', '/internal/provision', { key, json });
const error = (response: ApiResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

describe('happy', () => {
  it('creates a test sub-project in the key’s account with a tokenizing application; its key works', async () => {
    const response = await provision(vault.tenants.test.keys.provisioningOnly, { name: 'Merchant 42' });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      data: {
        project: { id: UUID, name: 'Merchant 42', environment: 'test', created_at: ISO },
        application: { id: UUID, name: 'Merchant 42', permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } } },
        api_key: expect.stringMatching(/^vk_test_[0-9A-Za-z]{32}$/),
      },
    });
    const { project, application, api_key: apiKey } = response.json.data;
    const stored = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: project.id }, select: { accountId: true } });
    expect(stored.accountId).toBe(accountId);
    const verify = await vault.call('GET', '/api/applications/key', { key: apiKey });
    expect(verify.status).toBe(200);
    expect(verify.json.data).toMatchObject({ project_id: project.id, application_id: application.id, permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } } });
    expect((await vault.call('POST', '/tokenize', { key: apiKey, json: cardRequest() })).status).toBeLessThan(300);
    expect(await auditOf(response)).toMatchObject({ action: 'provision', outcome: 'success', statusCode: 201, projectId: vault.tenants.test.projectId });
    expect(vault.logs.join('\n')).not.toContain(apiKey);
  });

  it('creates a production sub-project with a pub key; the key needs and accepts it on /tokenize', async () => {
    const response = await provision(vault.tenants.production.keys.provisioningOnly, { name: 'Live merchant', production: true });
    expect(response.status).toBe(201);
    expect(response.json.data).toEqual({
      project: { id: UUID, name: 'Live merchant', environment: 'production', created_at: ISO },
      application: { id: UUID, name: 'Live merchant', permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } } },
      api_key: expect.stringMatching(/^vk_live_/),
      pub_key: expect.stringMatching(/^pk_live_/),
    });
    const { api_key: apiKey, pub_key: pubKey } = response.json.data;
    expect((await vault.call('POST', '/tokenize', { key: apiKey, json: cardRequest() })).status).toBe(401);
    expect((await vault.call('POST', '/tokenize', { key: apiKey, pubKey: vault.tenants.production.pubKey, json: cardRequest() })).status).toBe(401);
    expect((await vault.call('POST', '/tokenize', { key: apiKey, pubKey, json: cardRequest() })).status).toBeLessThan(300);
  });

  it('permissions: detokenize false gives a key that tokenizes but never reveals (403); stored as asked', async () => {
    const response = await provision(vault.tenants.test.keys.provisioningOnly, { name: 'No reveal', permissions: { tokenization: { allowed: true }, detokenize: { allowed: false } } });
    expect(response.status, response.text).toBe(201);
    expect(response.json.data.application.permissions).toEqual({ tokenization: { allowed: true }, detokenize: { allowed: false }, provisioning: { allowed: false }, search: { allowed: false } });
    const apiKey = response.json.data.api_key;
    const row = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id: response.json.data.application.id } });
    expect({ tokenization: row.tokenization, detokenize: row.detokenize, provisioning: row.provisioning }).toEqual({ tokenization: true, detokenize: false, provisioning: false });
    const tokenized = await vault.call('POST', '/tokenize', { key: apiKey, json: cardRequest() });
    expect(tokenized.status).toBe(201);
    const reveal = await vault.call('POST', '/detokenize', { key: apiKey, json: { token: tokenized.json.token } });
    expect(reveal.status).toBe(403);
    expect(reveal.json.error).toEqual({ code: 'insufficient_permissions', message: 'Insufficient permissions' });
  });

  it('permissions: tokenization alone follows the spec default (reveal with it); absent keeps tokenize + reveal', async () => {
    const off = await provision(vault.tenants.test.keys.provisioningOnly, { name: 'Off', permissions: { tokenization: { allowed: false } } });
    expect(off.status, off.text).toBe(201);
    expect(off.json.data.application.permissions).toEqual({ tokenization: { allowed: false }, detokenize: { allowed: false }, provisioning: { allowed: false }, search: { allowed: false } });
    const empty = await provision(vault.tenants.test.keys.provisioningOnly, { name: 'Empty', permissions: {} });
    expect(empty.json.data.application.permissions).toEqual({ tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } });
  });

  it('a production key may provision a test sub-project too (the body decides)', async () => {
    const response = await provision(vault.tenants.production.keys.provisioningOnly, { name: 'P' });
    expect(response.status).toBe(201);
    expect(response.json.data.project.environment).toBe('test');
  });
});

describe('error', () => {
  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'ok', production: 1 }, 'production'],
    [{ name: 'ok', other: true }, 'other'],
    [{ name: 'ok', permissions: true }, 'permissions'],
    [{ name: 'ok', permissions: { detokenize: { allowed: 'no' } } }, 'permissions.detokenize.allowed'],
    // A provisioned key never provisions: that permission is not the caller's to hand on.
    [{ name: 'ok', permissions: { provisioning: { allowed: true } } }, 'permissions.provisioning'],
  ])('%j → 400 naming %s, nothing created', async (body, path) => {
    const before = await vault.runtime.db.prisma.project.count({ where: inTenantAccount(vault) });
    const response = await provision(vault.tenants.test.keys.provisioningOnly, body);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual([path]);
    expect(await vault.runtime.db.prisma.project.count({ where: inTenantAccount(vault) })).toBe(before);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await vault.call('POST', '/internal/provision', { key: vault.tenants.test.keys.provisioningOnly, body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(response.status).toBe(415);
  });
});

describe('security', () => {
  it.each([
    ['no key', () => null],
    ['a malformed key', () => 'nope'],
    ['a revoked key', () => vault.tenants.test.keys.revoked],
  ])('%s → 401', async (_name, key) => {
    const response = await provision(key(), { name: 'x' });
    expect(response.status).toBe(401);
    expect(response.json).toEqual(error(response, 'invalid_api_key', 'Invalid API key'));
  });

  it.each([
    ['a tokenizing key without provisioning', () => vault.tenants.test.keys.full],
    ['a key with no permission at all', () => vault.tenants.test.keys.noPermission],
  ])('%s → 403, nothing created, audited as a failure', async (_name, key) => {
    const before = await vault.runtime.db.prisma.project.count({ where: inTenantAccount(vault) });
    const response = await provision(key(), { name: 'x' });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(error(response, 'insufficient_permissions', 'Insufficient permissions'));
    expect(await vault.runtime.db.prisma.project.count({ where: inTenantAccount(vault) })).toBe(before);
    expect(await auditOf(response)).toMatchObject({ action: 'provision', outcome: 'failure', statusCode: 403 });
  });

  it('a test project\'s key cannot provision a production project (403, nothing created)', async () => {
    const before = await vault.runtime.db.prisma.project.count({ where: inTenantAccount(vault) });
    const response = await provision(vault.tenants.test.keys.provisioningOnly, { name: 'P', production: true });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(error(response, 'insufficient_permissions', 'Insufficient permissions'));
    expect(await vault.runtime.db.prisma.project.count({ where: inTenantAccount(vault) })).toBe(before);
  });

  it('a key of another account provisions into that account only', async () => {
    const { prisma } = vault.runtime.db;
    const other = await prisma.account.create({ data: { name: 'Other account' } });
    const project = await createProject(vault.runtime, { accountId: other.id, name: 'Theirs', environment: 'test' });
    const app = await createApplication(vault.runtime, { projectId: project.id, environment: 'test', name: 'provisioner', permissions: { tokenization: false, provisioning: true } });
    const response = await provision(app.apiKey, { name: 'Their merchant' });
    expect(response.status).toBe(201);
    const stored = await prisma.project.findUniqueOrThrow({ where: { id: response.json.data.project.id }, select: { accountId: true } });
    expect(stored.accountId).toBe(other.id);
    expect(await prisma.project.count({ where: { accountId, name: 'Their merchant' } })).toBe(0);
  });

  it('a session token is not an API key', async () => {
    const response = await vault.call('POST', '/internal/provision', { key: null, json: { name: 'x' }, headers: { authorization: 'Bearer abc' } });
    expect(response.status).toBe(401);
  });
});
