// POST /test-tokens with a signed-in session instead of an API key (spec: "API key or JWT").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'tt');
  for (const role of ['developer', 'viewer'] as const) {
    tokens[role] = (await vault.call('POST', '/auth/login', { key: null, json: { email: users[role].email, password: TEST_PASSWORD } })).json.token;
  }
});
afterAll(() => vault?.close());

const body = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' };
const asUser = (role: string, query = '') => vault.call('POST', `/test-tokens${query}`, { key: null, json: body, headers: { authorization: `Bearer ${tokens[role]}` } });

describe('POST /test-tokens with a session', () => {
  it('creates the test token in the account first test project, audited with the user', async () => {
    const response = await asUser('developer');
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ success: true, test_mode: true, expires_in: '1 year', mask: '424242******4242' });
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token } });
    expect(row).toMatchObject({ projectId: vault.tenants.test.projectId, applicationId: null, testMode: true });
    const audit = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { tokenId: row.id } });
    expect(audit).toMatchObject({ action: 'test_token.create', userId: users.developer.id, applicationId: null });
  });

  it('takes ?project_id= of the account; a production project accepts only published test cards', async () => {
    expect((await asUser('developer', `?project_id=${vault.tenants.production.projectId}`)).status).toBe(201);
    const real = await vault.call('POST', `/test-tokens?project_id=${vault.tenants.production.projectId}`, {
      key: null,
      json: { ...body, cardNumber: '4539578763621486' },
      headers: { authorization: `Bearer ${tokens.developer}` },
    });
    expect(real.status).toBe(400);
    expect((await asUser('developer', '?project_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await asUser('developer', '?project_id=nope')).status).toBe(400);
  });

  it('viewers cannot; no key and no session is an invalid API key', async () => {
    expect((await asUser('viewer')).status).toBe(403);
    const none = await vault.call('POST', '/test-tokens', { key: null, json: body });
    expect(none.status).toBe(401);
    expect(none.json.error.message).toBe('Invalid API key');
  });
});
