// POST /api/merchants/{id}/test-session: the dashboard's "Create a test session" (owner/admin/developer,
// test projects only). Happy: a redirect session through the same rules as POST /api/sessions/create, with
// no application, payable on the hosted page, audited. Error: bad amount/currency named, production 409.
// Security: no session 401, viewer 403, another account's merchant 404, cross-site cookie post 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { customer, makeMerchant, type TestMerchant } from '../helpers/checkout';
import { inTenantProjects, startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
let merchant: TestMerchant;
const tokens = {} as Record<Role | 'stranger', string>;

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'test-session');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as Role[]) tokens[role] = await loginAs(vault, users[role].email);
  stranger = await seedStranger(vault);
  tokens.stranger = stranger.token;
  merchant = await makeMerchant(vault, { name: 'Dashboard shop' });
});
afterAll(() => vault?.close());

const post = (who: Role | 'stranger' | null, merchantId: string, json?: unknown, headers: Record<string, string> = {}) =>
  vault.call('POST', `/api/merchants/${merchantId}/test-session`, { key: null, json, headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers } });

const errorBody = (response: ApiResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const auditRow = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

describe('test session — happy', () => {
  it.each(['owner', 'admin', 'developer'] as Role[])('%s gets a redirect session of 10.00 EUR by default, back to the dashboard, without an application', async (role) => {
    const response = await post(role, merchant.id);
    expect(response.status, response.text).toBe(201);
    expect(response.json).toEqual({ success: true, sessionId: expect.stringMatching(/^cs_/), url: `${vault.runtime.config.CHECKOUT_URL}/checkout/${response.json.sessionId}`, embedMode: 'redirect', expiresAt: expect.any(String) });
    const row = await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: response.json.sessionId } });
    const back = `${vault.runtime.config.APP_URL}/dashboard/p/${merchant.projectId}/checkout/${merchant.id}`;
    expect(row).toMatchObject({ merchantId: merchant.id, projectId: merchant.projectId, applicationId: null, amount: '10.00', currency: 'EUR', successUrl: back, cancelUrl: back, errorUrl: back, testMode: true, status: 'open' });
    expect(await auditRow(response)).toMatchObject({ action: 'merchant.test_session', outcome: 'success', statusCode: 201, userId: users[role].id, projectId: merchant.projectId, resource: `checkout_session:${response.json.sessionId}` });
  });

  it('takes an amount and currency, normalised like POST /api/sessions/create, and the session can be paid', async () => {
    const response = await post('owner', merchant.id, { amount: '7.5', currency: 'usd' });
    expect(response.status, response.text).toBe(201);
    const paid = await customer(vault, response.json.sessionId, 'pay');
    expect(paid.status, paid.text).toBe(200);
    const row = await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: response.json.sessionId } });
    expect(row).toMatchObject({ amount: '7.50', currency: 'USD', status: 'completed', attempts: 1, transactionId: expect.any(String) });
  });
});

describe('test session — error', () => {
  it('a bad amount or currency is a 400 naming the field', async () => {
    const response = await post('owner', merchant.id, { amount: '-1', currency: 'EURO' });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.fields.map((field: { path: string }) => field.path).sort()).toEqual(['amount', 'currency']);
  });

  it('an unknown field is a 400', async () => {
    const response = await post('owner', merchant.id, { amount: '1.00', successUrl: 'https://evil.example' });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
  });

  it('a merchant of a production project is a 409', async () => {
    // Its PSP is listed: a production project sends card data only to hosts it names (issue 21).
    await vault.runtime.db.prisma.project.update({ where: { id: vault.tenants.production.projectId }, data: { allowedProxyHosts: ['psp.example'] } });
    const live = await vault.call('POST', '/api/merchants', {
      key: null,
      json: { name: 'Live shop', project_id: vault.tenants.production.projectId, processor: { type: 'http', url: 'https://psp.example/v1/charges', body: { n: '${cardNumber}' }, transaction_id_path: 'id' } },
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(live.status, live.text).toBe(201);
    const response = await post('owner', live.json.data.id);
    expect(response.status).toBe(409);
    expect(response.json).toEqual(errorBody(response, 'conflict', 'Test sessions can be made only for merchants of test projects'));
  });
});

describe('test session — security', () => {
  it('no session → 401', async () => {
    const response = await post(null, merchant.id);
    expect(response.status).toBe(401);
    expect(response.json).toEqual(errorBody(response, 'unauthorized', 'Authentication required'));
  });

  it('a viewer → 403, audited as a failure, no session made', async () => {
    const before = await vault.runtime.db.prisma.checkoutSession.count({ where: inTenantProjects(vault) });
    const response = await post('viewer', merchant.id);
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'insufficient_permissions', 'Insufficient permissions'));
    expect(await auditRow(response)).toMatchObject({ action: 'merchant.test_session', outcome: 'failure', statusCode: 403, resource: `merchant:${merchant.id}` });
    expect(await vault.runtime.db.prisma.checkoutSession.count({ where: inTenantProjects(vault) })).toBe(before);
  });

  it("another account's merchant and an unknown id → 404", async () => {
    for (const id of [merchant.id, '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', 'not-a-uuid']) {
      const response = await post(id === merchant.id ? 'stranger' : 'owner', id);
      expect(response.status).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Merchant not found'));
    }
  });

  it('a cross-site post with the session cookie → 403 forbidden_origin', async () => {
    const response = await vault.call('POST', `/api/merchants/${merchant.id}/test-session`, {
      key: null,
      body: 'amount=1',
      headers: { cookie: `vault_session=${tokens.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'forbidden_origin', 'Cross-origin requests are not allowed'));
  });
});
