// Hybrid calls: X-API-Key authorizes, Authorization: Bearer <session> names the user in the audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/auth/passwords';
import { cardRequest } from '../helpers/fixtures';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let bearer: string;
let outsider: string;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'hybrid');
  bearer = (await vault.call('POST', '/auth/login', { key: null, json: { email: users.developer.email, password: TEST_PASSWORD } })).json.token;
  const account = await vault.runtime.db.prisma.account.create({ data: { name: 'Elsewhere' } });
  await vault.runtime.db.prisma.user.create({ data: { accountId: account.id, email: 'outsider@example.com', passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner' } });
  outsider = (await vault.call('POST', '/auth/login', { key: null, json: { email: 'outsider@example.com', password: TEST_PASSWORD } })).json.token;
});
afterAll(() => vault?.close());

const auditOf = async (response: { headers: Headers }) =>
  vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

describe('hybrid auth', () => {
  it('records the session user of the key account in the audit row', async () => {
    const response = await vault.call('POST', '/tokenize', { json: cardRequest(), headers: { authorization: `Bearer ${bearer}` } });
    expect(response.status).toBe(201);
    expect(await auditOf(response)).toMatchObject({ action: 'tokenize', userId: users.developer.id, applicationId: vault.tenants.test.applicationId });
  });

  it('a user of another account is not recorded; the key still authorizes', async () => {
    const response = await vault.call('GET', '/api/applications/key', { headers: { authorization: `Bearer ${outsider}` } });
    expect(response.status).toBe(200);
    expect((await auditOf(response)).userId).toBeNull();
  });

  it('a bearer token that is not a live session is refused', async () => {
    const response = await vault.call('POST', '/tokenize', { json: cardRequest(), headers: { authorization: 'Bearer not-a-session' } });
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('unauthorized');
  });

  it('the proxy leaves Authorization to the PSP (no hybrid reading)', async () => {
    const response = await vault.call('POST', '/proxy/transaction', {
      json: { token: 'tok_AAAAAAAAAAAAAAAAAAAAAAAA', proxy_url: 'https://localhost:1/x', request_data: {} },
      headers: { authorization: 'Bearer psp-secret' },
    });
    expect(response.status).toBe(404);
    expect((await auditOf(response)).userId).toBeNull();
  });
});
