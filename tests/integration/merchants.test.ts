// Merchant management (JWT): POST/GET /api/merchants, GET/PUT/DELETE /api/merchants/{id},
// POST /api/merchants/{id}/rotate-key. Happy, error and security tables: the role matrix, another account
// that sees and touches nothing (404), service keys shown once and stored hashed, processor header values
// sealed at rest and masked in every response, sandbox only in test projects, no secrets in logs or audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto/hash';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { createSession } from '../helpers/checkout';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const tokens = {} as Record<Role | 'stranger', string>;
let stranger: Stranger;
/** Every service key this file was given, to prove none reaches a listing, a log line or an audit row. */
const issuedKeys: string[] = [];

const ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';
const PSP_SECRET = 'Bearer sk_psp_secret_do_not_show_0123456789';

const httpProcessor = (overrides: Record<string, unknown> = {}) => ({
  type: 'http',
  url: 'https://psp.example/v1/charges',
  headers: { Authorization: PSP_SECRET, 'X-Psp-Account': 'acct_42' },
  body: { amount: '${amountMinor}', currency: '${currency}', card: { number: '${cardNumber}', cvc: '${cvv}' } },
  transaction_id_path: 'id',
  ...overrides,
});
const maskedHttpProcessor = (overrides: Record<string, unknown> = {}) => ({
  ...httpProcessor(overrides),
  headers: { Authorization: '********', 'X-Psp-Account': '********' },
});

beforeAll(async () => {
  vault = await startTestVault();
  // A production project sends card data only to hosts it lists (issue 21): its merchants' PSP is listed.
  await vault.runtime.db.prisma.project.update({ where: { id: vault.tenants.production.projectId }, data: { allowedProxyHosts: ['psp.example'] } });
  users = await seedUsers(vault, 'merchants');
  for (const role of ROLES) tokens[role] = await loginAs(vault, users[role].email);
  stranger = await seedStranger(vault);
  tokens.stranger = stranger.token;
});
afterAll(() => vault?.close());

type CallOptions = { json?: unknown; body?: string; headers?: Record<string, string> };
const api = (who: Role | 'stranger' | null, method: string, path: string, options: CallOptions = {}) =>
  vault.call(method, path, { key: null, ...options, headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...options.headers } });

const errorBody = (response: ApiResponse, code: string, message: string) => ({
  success: false,
  error: { code, message },
  request_id: response.headers.get('x-request-id'),
});

let counter = 0;
type Created = { id: string; name: string; project_id: string; service_api_key: string; created_at: string; processor: unknown };
async function createMerchant(options: { as?: Role | 'stranger'; processor?: unknown; projectId?: string } = {}): Promise<Created> {
  const response = await api(options.as ?? 'owner', 'POST', '/api/merchants', {
    json: { name: `Shop ${++counter}`, processor: options.processor ?? { type: 'sandbox' }, ...(options.projectId ? { project_id: options.projectId } : {}) },
  });
  expect(response.status, response.text).toBe(201);
  issuedKeys.push(response.json.data.service_api_key);
  return response.json.data;
}

const auditRow = (response: ApiResponse) =>
  vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

/** Creating a checkout session is the only use of a service key: 201 when it works, 401 when it does not. */
async function sessionStatusWith(serviceKey: string, merchantId: string): Promise<number> {
  return (await createSession(vault, { id: merchantId, name: '', projectId: '', serviceApiKey: serviceKey })).status;
}

describe('merchants — happy', () => {
  it("POST creates a sandbox merchant in the account's first test project and shows its service key once", async () => {
    const response = await api('owner', 'POST', '/api/merchants', { json: { name: '  Acme Store  ', processor: { type: 'sandbox' } } });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Acme Store',
        project_id: vault.tenants.test.projectId,
        processor: { type: 'sandbox' },
        branding: null,
        service_api_key: expect.stringMatching(/^msk_test_[0-9A-Za-z]{32}$/),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const { id, service_api_key: key } = response.json.data;
    issuedKeys.push(key);
    expect(await auditRow(response)).toMatchObject({ action: 'merchant.create', outcome: 'success', statusCode: 201, userId: users.owner.id, projectId: vault.tenants.test.projectId, resource: `merchant:${id}` });
    const row = await vault.runtime.db.prisma.merchant.findUniqueOrThrow({ where: { id }, select: { keyHash: true, keyPrefix: true, processorType: true } });
    expect(row).toEqual({ keyHash: vault.runtime.keyring.hashSecret(key), keyPrefix: key.slice(0, 13), processorType: 'sandbox' });
  });

  it('an http processor is sealed at rest and every response masks its header values', async () => {
    const response = await api('admin', 'POST', '/api/merchants', { json: { name: 'PSP shop', processor: httpProcessor() } });
    expect(response.status).toBe(201);
    issuedKeys.push(response.json.data.service_api_key);
    expect(response.json.data.processor).toEqual(maskedHttpProcessor());
    expect(response.text).not.toContain(PSP_SECRET);
    const id = response.json.data.id;
    const sealed = await vault.runtime.db.prisma.merchant.findUniqueOrThrow({ where: { id }, select: { processorSealed: true } });
    expect(Buffer.from(sealed.processorSealed).toString('latin1')).not.toContain('sk_psp_secret');
    expect(Buffer.from(sealed.processorSealed).toString('latin1')).not.toContain('psp.example');
    for (const path of ['/api/merchants', `/api/merchants/${id}`]) {
      const read = await api('viewer', 'GET', path);
      expect(read.status).toBe(200);
      expect(read.text).not.toContain(PSP_SECRET);
    }
    expect((await api('viewer', 'GET', `/api/merchants/${id}`)).json.data.processor).toEqual(maskedHttpProcessor());
  });

  it('a production project takes an http merchant with an msk_live_ key (explicit project_id)', async () => {
    const created = await createMerchant({ projectId: vault.tenants.production.projectId, processor: httpProcessor() });
    expect(created.service_api_key).toMatch(/^msk_live_[0-9A-Za-z]{32}$/);
    expect(created.project_id).toBe(vault.tenants.production.projectId);
  });

  it('GET lists the account\'s merchants by created_at for every role, filterable by project', async () => {
    const other = await createMerchant({ projectId: vault.tenants.other.projectId });
    for (const role of ROLES) {
      const response = await api(role, 'GET', '/api/merchants');
      expect(response.status).toBe(200);
      const list = response.json.data as { id: string; created_at: string }[];
      expect(list.map((merchant) => merchant.id)).toContain(other.id);
      const times = list.map((merchant) => merchant.created_at);
      expect(times).toEqual([...times].sort());
    }
    const filtered = await api('viewer', 'GET', `/api/merchants?project_id=${vault.tenants.other.projectId}`);
    expect(filtered.json.data.map((merchant: { id: string }) => merchant.id)).toEqual([other.id]);
  });

  it('GET /{id} shows the key prefix, never the key', async () => {
    const created = await createMerchant();
    const response = await api('developer', 'GET', `/api/merchants/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: {
        id: created.id,
        name: created.name,
        project_id: vault.tenants.test.projectId,
        processor: { type: 'sandbox' },
        key_prefix: created.service_api_key.slice(0, 13),
        branding: null,
        created_at: created.created_at,
        updated_at: expect.stringMatching(/^\d{4}-/),
      },
    });
  });

  it('PUT renames, replaces the processor, and "********" keeps a stored header value', async () => {
    const created = await createMerchant({ processor: httpProcessor() });
    const renamed = await api('admin', 'PUT', `/api/merchants/${created.id}`, { json: { name: 'Renamed shop' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toMatchObject({ id: created.id, name: 'Renamed shop', processor: maskedHttpProcessor() });
    // The configuration as read back (masked), with one header changed and one new: saved without re-entering the secret.
    const edited = { ...maskedHttpProcessor(), headers: { authorization: '********', 'X-Psp-Account': 'acct_43', 'X-New': 'new' } };
    const updated = await api('owner', 'PUT', `/api/merchants/${created.id}`, { json: { processor: edited } });
    expect(updated.status).toBe(200);
    expect(updated.json.data.processor.headers).toEqual({ authorization: '********', 'X-Psp-Account': '********', 'X-New': '********' });
    const { getMerchantOrThrow } = await import('../../lib/merchants/get-merchant-or-throw');
    const stored = await getMerchantOrThrow(vault.runtime, { accountId: users.accountId, merchantId: created.id });
    expect(stored.processor).toMatchObject({ type: 'http', headers: { authorization: PSP_SECRET, 'X-Psp-Account': 'acct_43', 'X-New': 'new' } });
    const toSandbox = await api('owner', 'PUT', `/api/merchants/${created.id}`, { json: { processor: { type: 'sandbox' } } });
    expect(toSandbox.json.data.processor).toEqual({ type: 'sandbox' });
    expect(await auditRow(toSandbox)).toMatchObject({ action: 'merchant.update', outcome: 'success', userId: users.owner.id, projectId: vault.tenants.test.projectId });
  });

  it('DELETE removes the merchant; its key stops working at once and its open sessions expire', async () => {
    const created = await createMerchant();
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(201);
    const session = await vault.runtime.db.prisma.checkoutSession.findFirstOrThrow({ where: { merchantId: created.id }, select: { id: true } });
    const response = await api('owner', 'DELETE', `/api/merchants/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: 'Merchant deleted' });
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(401);
    expect((await api('owner', 'GET', `/api/merchants/${created.id}`)).status).toBe(404);
    expect((await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe('expired');
    expect(await auditRow(response)).toMatchObject({ action: 'merchant.delete', outcome: 'success', userId: users.owner.id, projectId: vault.tenants.test.projectId, resource: `merchant:${created.id}` });
    expect((await api('owner', 'DELETE', `/api/merchants/${created.id}`)).status).toBe(404);
  });

  it('rotate-key without a grace period: the new key works at once, the old one stops at once', async () => {
    const created = await createMerchant();
    const response = await api('admin', 'POST', `/api/merchants/${created.id}/rotate-key`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: { id: created.id, service_api_key: expect.stringMatching(/^msk_test_[0-9A-Za-z]{32}$/), key_prefix: expect.any(String), previous_key_expires_at: null },
    });
    const newKey = response.json.data.service_api_key;
    issuedKeys.push(newKey);
    expect(response.json.data.key_prefix).toBe(newKey.slice(0, 13));
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(401);
    expect(await sessionStatusWith(newKey, created.id)).toBe(201);
    expect(await auditRow(response)).toMatchObject({ action: 'merchant.rotate_key', outcome: 'success', userId: users.admin.id });
  });

  it('rotate-key with a 2 s grace period: the old key works until it ends', async () => {
    const created = await createMerchant();
    const response = await api('owner', 'POST', `/api/merchants/${created.id}/rotate-key`, { json: { grace_period_seconds: 2 } });
    expect(response.status).toBe(200);
    issuedKeys.push(response.json.data.service_api_key);
    const expiresAt = Date.parse(response.json.data.previous_key_expires_at);
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(201);
    expect(await sessionStatusWith(response.json.data.service_api_key, created.id)).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 200));
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(401);
    expect(await sessionStatusWith(response.json.data.service_api_key, created.id)).toBe(201);
  });
});

describe('merchants — errors', () => {
  it.each([
    [{}, ['name', 'processor']],
    [{ name: 'Shop' }, ['processor']],
    [{ name: '', processor: { type: 'sandbox' } }, ['name']],
    [{ name: '   ', processor: { type: 'sandbox' } }, ['name']],
    [{ name: 'x'.repeat(101), processor: { type: 'sandbox' } }, ['name']],
    [{ name: 7, processor: { type: 'sandbox' } }, ['name']],
    [{ name: 'Shop', processor: 'sandbox' }, ['processor']],
    [{ name: 'Shop', processor: { type: 'stripe' } }, ['processor.type']],
    [{ name: 'Shop', processor: { type: 'sandbox', url: 'https://x.example' } }, ['processor.url']],
    [{ name: 'Shop', processor: httpProcessor({ url: 'http://psp.example/charge' }) }, ['processor.url']],
    [{ name: 'Shop', processor: httpProcessor({ transaction_id_path: undefined }) }, ['processor.transaction_id_path']],
    [{ name: 'Shop', processor: { type: 'sandbox' }, project_id: 'nope' }, ['project_id']],
    [{ name: 'Shop', processor: { type: 'sandbox' }, service_api_key: 'msk_test_x' }, ['service_api_key']],
  ])('POST validates %j', async (body, paths) => {
    const response = await api('owner', 'POST', '/api/merchants', { json: body });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'validation_error', message: expect.stringMatching(/^Invalid request: /), fields: paths.map((path) => ({ path, message: expect.any(String) })) },
      request_id: response.headers.get('x-request-id'),
    });
  });

  it('names the rule in the message and never echoes a header value', async () => {
    const response = await api('owner', 'POST', '/api/merchants', { json: { name: '', processor: { type: 'sandbox' } } });
    expect(response.json.error.fields).toEqual([{ path: 'name', message: 'name must be 1 to 100 characters' }]);
    const badHeader = await api('owner', 'POST', '/api/merchants', { json: { name: 'Shop', processor: httpProcessor({ headers: { Authorization: 'Bearer sk_secret\nInjected: 1' } }) } });
    expect(badHeader.status).toBe(400);
    expect(badHeader.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['processor.headers.Authorization']);
    expect(badHeader.text).not.toContain('sk_secret');
  });

  it('sandbox in a production project → 400 naming processor.type (create and update)', async () => {
    const response = await api('owner', 'POST', '/api/merchants', { json: { name: 'Live shop', project_id: vault.tenants.production.projectId, processor: { type: 'sandbox' } } });
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({
      code: 'validation_error',
      message: "Invalid request: processor.type: processor.type 'sandbox' is only allowed in test projects",
      fields: [{ path: 'processor.type', message: "processor.type 'sandbox' is only allowed in test projects" }],
    });
    const live = await createMerchant({ projectId: vault.tenants.production.projectId, processor: httpProcessor() });
    const update = await api('owner', 'PUT', `/api/merchants/${live.id}`, { json: { processor: { type: 'sandbox' } } });
    expect(update.status).toBe(400);
    expect(update.json.error.fields).toEqual([{ path: 'processor.type', message: "processor.type 'sandbox' is only allowed in test projects" }]);
    expect((await api('owner', 'GET', `/api/merchants/${live.id}`)).json.data.processor.type).toBe('http');
  });

  it('"********" for a header the merchant does not have → 400 naming each one', async () => {
    const created = await createMerchant();
    const response = await api('owner', 'PUT', `/api/merchants/${created.id}`, { json: { processor: maskedHttpProcessor() } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['processor.headers.Authorization', 'processor.headers.X-Psp-Account']);
  });

  it.each([
    [{}, ['']],
    [{ name: '' }, ['name']],
    [{ processor: { type: 'nope' } }, ['processor.type']],
    [{ name: 'fine', id: 'x' }, ['id']],
  ])('PUT validates %j', async (body, paths) => {
    const created = await createMerchant();
    const response = await api('owner', 'PUT', `/api/merchants/${created.id}`, { json: body });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
  });

  it.each([[-1], [604_801], [1.5], ['10']])('rotate-key refuses grace_period_seconds %j', async (grace) => {
    const created = await createMerchant();
    const response = await api('owner', 'POST', `/api/merchants/${created.id}/rotate-key`, { json: { grace_period_seconds: grace } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(['grace_period_seconds']);
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(201);
  });

  it('POST into an unknown project → 404; malformed JSON → 400; other media types → 415', async () => {
    const unknown = await api('owner', 'POST', '/api/merchants', { json: { name: 'Shop', processor: { type: 'sandbox' }, project_id: UNKNOWN_ID } });
    expect(unknown.json).toEqual(errorBody(unknown, 'not_found', 'Project not found'));
    const malformed = await api('owner', 'POST', '/api/merchants', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.json.error.code).toBe('invalid_json');
    expect((await api('owner', 'POST', '/api/merchants', { body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it.each([
    ['GET', UNKNOWN_ID],
    ['PUT', UNKNOWN_ID],
    ['DELETE', UNKNOWN_ID],
    ['GET', 'not-a-uuid'],
    ['DELETE', 'not-a-uuid'],
  ])('%s /api/merchants/%s → 404 Merchant not found', async (method, id) => {
    const response = await api('owner', method, `/api/merchants/${id}`, method === 'PUT' ? { json: { name: 'whatever' } } : {});
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(response, 'not_found', 'Merchant not found'));
  });

  it('unsupported methods → 405', async () => {
    expect((await api('owner', 'PATCH', '/api/merchants')).status).toBe(405);
    expect((await api('owner', 'GET', `/api/merchants/${UNKNOWN_ID}/rotate-key`)).status).toBe(405);
  });
});

describe('merchants — security', () => {
  const routes = (id: string): [string, string, CallOptions][] => [
    ['GET', '/api/merchants', {}],
    ['POST', '/api/merchants', { json: { name: 'Shop', processor: { type: 'sandbox' } } }],
    ['GET', `/api/merchants/${id}`, {}],
    ['PUT', `/api/merchants/${id}`, { json: { name: 'hijacked' } }],
    ['DELETE', `/api/merchants/${id}`, {}],
    ['POST', `/api/merchants/${id}/rotate-key`, {}],
  ];

  it('every route needs a session: none, a garbage token, an API key or a service key → 401', async () => {
    const created = await createMerchant();
    for (const [method, path, options] of routes(created.id)) {
      const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-jwt' }, { 'x-api-key': vault.tenants.test.keys.full }, { 'x-service-api-key': created.service_api_key }];
      for (const headers of attempts) {
        const response = await api(null, method, path, { ...options, headers });
        expect(response.status, `${method} ${path} ${JSON.stringify(Object.keys(headers))}`).toBe(401);
        expect(response.json).toEqual(errorBody(response, 'unauthorized', 'Authentication required'));
      }
    }
  });

  it.each(['developer', 'viewer'] as const)('%s: 403 on every mutation, audited; nothing changes', async (role) => {
    const created = await createMerchant();
    const mutations: [string, string, string, CallOptions][] = [
      ['merchant.create', 'POST', '/api/merchants', { json: { name: 'Shop', processor: { type: 'sandbox' } } }],
      ['merchant.update', 'PUT', `/api/merchants/${created.id}`, { json: { name: 'hijacked' } }],
      ['merchant.delete', 'DELETE', `/api/merchants/${created.id}`, {}],
      ['merchant.rotate_key', 'POST', `/api/merchants/${created.id}/rotate-key`, {}],
    ];
    for (const [action, method, path, options] of mutations) {
      const response = await api(role, method, path, options);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json).toEqual(errorBody(response, 'insufficient_permissions', 'Insufficient permissions'));
      expect(await auditRow(response)).toMatchObject({ action, outcome: 'failure', statusCode: 403, userId: users[role].id });
    }
    expect((await api('owner', 'GET', `/api/merchants/${created.id}`)).json.data.name).toBe(created.name);
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(201);
  });

  it.each(['owner', 'admin'] as const)('%s can create, update, rotate and delete', async (role) => {
    const created = await createMerchant({ as: role });
    expect((await api(role, 'PUT', `/api/merchants/${created.id}`, { json: { name: `${role} renamed` } })).status).toBe(200);
    const rotated = await api(role, 'POST', `/api/merchants/${created.id}/rotate-key`);
    expect(rotated.status).toBe(200);
    issuedKeys.push(rotated.json.data.service_api_key);
    expect((await api(role, 'DELETE', `/api/merchants/${created.id}`)).status).toBe(200);
  });

  it('another account sees none of these merchants and touches none (404); the key keeps working', async () => {
    const created = await createMerchant();
    const list = await api('stranger', 'GET', '/api/merchants');
    expect(list.json).toEqual({ success: true, data: [] });
    for (const [method, path, options] of routes(created.id).filter(([, path]) => path !== '/api/merchants')) {
      const response = await api('stranger', method, path, options);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Merchant not found'));
    }
    const intoOurProject = await api('stranger', 'POST', '/api/merchants', { json: { name: 'Shop', processor: { type: 'sandbox' }, project_id: vault.tenants.test.projectId } });
    expect(intoOurProject.json).toEqual(errorBody(intoOurProject, 'not_found', 'Project not found'));
    const theirs = await createMerchant({ as: 'stranger' });
    expect(theirs.project_id).toBe(stranger.projectId);
    expect((await api('owner', 'GET', `/api/merchants/${theirs.id}`)).status).toBe(404);
    expect(await sessionStatusWith(created.service_api_key, created.id)).toBe(201);
  });

  it('list, get and update never carry a key, its hash or a PSP secret (raw JSON text)', async () => {
    const created = await createMerchant({ processor: httpProcessor() });
    const texts = [
      (await api('owner', 'GET', '/api/merchants')).text,
      (await api('owner', 'GET', `/api/merchants/${created.id}`)).text,
      (await api('owner', 'PUT', `/api/merchants/${created.id}`, { json: { name: 'renamed for the check' } })).text,
    ];
    for (const text of texts) {
      expect(text).toContain(created.id);
      for (const forbidden of ['service_api_key', 'key_hash', 'keyHash', 'processorSealed', PSP_SECRET, 'acct_42']) expect(text).not.toContain(forbidden);
      for (const key of issuedKeys) expect(text).not.toContain(key);
    }
  });

  it('no key material or PSP secret in logs or audit rows', async () => {
    expect(issuedKeys.length).toBeGreaterThan(10);
    const logs = vault.logs.join('\n');
    const audit = JSON.stringify(await vault.runtime.db.prisma.auditLog.findMany());
    for (const secret of [...issuedKeys, ...issuedKeys.map(sha256Hex), ...issuedKeys.map((key) => vault.runtime.keyring.hashSecret(key)), PSP_SECRET]) {
      expect(logs).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
  });
});
