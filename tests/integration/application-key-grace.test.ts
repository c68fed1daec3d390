// A key rotation's grace period made visible: calls authenticated by the previous key are audited with
// `resource` `api_key:previous` (tokenize's own statement, the wrapper's row, the token routes' row); the
// application view shows `previous_key_expires_at` and `previous_key_uses` while the grace period runs
// (counted for a whole listing at once); DELETE /api/applications/{id}/previous-key ends it now.
// Happy, error and security tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIOUS_KEY_RESOURCE } from '../../lib/api-keys/principal';
import { loginAs, seedStranger } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const tokens = {} as Record<Role | 'stranger', string>;

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'grace');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) tokens[role] = await loginAs(vault, users[role].email);
  tokens.stranger = (await seedStranger(vault)).token;
});
afterAll(() => vault?.close());

const api = (who: Role | 'stranger' | null, method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
const errorBody = (response: ApiResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
const tokenize = (key: string) => vault.call('POST', '/tokenize', { key, json: cardRequest() });

let counter = 0;
/** A new application of the test project and its key. */
async function newApp(): Promise<{ id: string; key: string }> {
  const response = await api('owner', 'POST', '/api/applications', { name: `grace app ${++counter}`, permissions: { tokenization: { allowed: true } } });
  expect(response.status).toBe(201);
  return { id: response.json.data.id, key: response.json.data.api_key };
}
/** An application rotated with a grace period: its old and new keys. */
async function rotated(grace = 3600): Promise<{ id: string; oldKey: string; newKey: string; expiresAt: string }> {
  const app = await newApp();
  const response = await api('owner', 'POST', `/api/applications/${app.id}/rotate-key`, { grace_period_seconds: grace });
  expect(response.status).toBe(200);
  return { id: app.id, oldKey: app.key, newKey: response.json.data.api_key, expiresAt: response.json.data.previous_key_expires_at };
}

describe('grace visibility — happy', () => {
  it('old key twice, new key once → previous_key_uses 2; ending the grace refuses the old key at once, the new one works', async () => {
    const app = await rotated(3600);
    const stored = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
    expect(stored.keyRotatedAt).toBeInstanceOf(Date);

    const first = await tokenize(app.oldKey);
    const second = await tokenize(app.oldKey);
    const third = await tokenize(app.newKey);
    for (const response of [first, second, third]) expect(response.status).toBe(201);
    expect(await auditOf(first)).toMatchObject({ action: 'tokenize', outcome: 'success', applicationId: app.id, resource: PREVIOUS_KEY_RESOURCE });
    expect(await auditOf(second)).toMatchObject({ resource: PREVIOUS_KEY_RESOURCE });
    expect(await auditOf(third)).toMatchObject({ action: 'tokenize', applicationId: app.id, resource: null });

    const view = await api('viewer', 'GET', `/api/applications/${app.id}`);
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({ id: app.id, previous_key_expires_at: app.expiresAt, previous_key_uses: 2 });
    const listed = (await api('developer', 'GET', '/api/applications')).json.data.find((row: { id: string }) => row.id === app.id);
    expect(listed).toMatchObject({ previous_key_expires_at: app.expiresAt, previous_key_uses: 2 });

    const ended = await api('admin', 'DELETE', `/api/applications/${app.id}/previous-key`);
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({ success: true, data: { ...view.json.data, previous_key_expires_at: null, previous_key_uses: null, last_used_at: expect.any(String) } });
    expect(await auditOf(ended)).toMatchObject({ action: 'application.end_grace', outcome: 'success', statusCode: 200, userId: users.admin.id, applicationId: app.id, resource: `application:${app.id}` });
    const stopped = await tokenize(app.oldKey);
    expect(stopped.status).toBe(401);
    expect(stopped.json).toEqual(errorBody(stopped, 'invalid_api_key', 'Invalid API key'));
    expect((await tokenize(app.newKey)).status).toBe(201);
    const row = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id: app.id } });
    expect(row).toMatchObject({ previousKeyExpiresAt: null });
  });

  it('the wrapper\'s rows (verify-key, detokenize, refusals) and DELETE /api/tokens by API key name the previous key too', async () => {
    const app = await rotated(3600);
    const created = await tokenize(app.newKey);
    const verify = await vault.call('GET', '/api/applications/key', { key: app.oldKey });
    expect(verify.status).toBe(200);
    expect(await auditOf(verify)).toMatchObject({ applicationId: app.id, resource: PREVIOUS_KEY_RESOURCE });
    const reveal = await vault.call('POST', '/detokenize', { key: app.oldKey, json: { token: created.json.token } });
    expect(reveal.status).toBe(200);
    expect(await auditOf(reveal)).toMatchObject({ action: 'detokenize', outcome: 'success', resource: PREVIOUS_KEY_RESOURCE });
    const unknown = await vault.call('POST', '/detokenize', { key: app.oldKey, json: { token: 'tok_AAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(unknown.status).toBe(404);
    expect(await auditOf(unknown)).toMatchObject({ outcome: 'failure', resource: PREVIOUS_KEY_RESOURCE });
    const deleted = await vault.call('DELETE', `/api/tokens/${created.json.token}`, { key: app.oldKey });
    expect(deleted.status).toBe(200);
    expect(await auditOf(deleted)).toMatchObject({ action: 'token.delete', applicationId: app.id, resource: PREVIOUS_KEY_RESOURCE });
    // The current key's calls name nothing.
    const current = await vault.call('GET', '/api/applications/key', { key: app.newKey });
    expect(await auditOf(current)).toMatchObject({ resource: null });
    // Four previous-key rows: verify, two detokenize, delete (none of the current key's).
    expect((await api('owner', 'GET', `/api/applications/${app.id}`)).json.data.previous_key_uses).toBe(4);
  });

  it('the list counts every application in a grace period (one grouped query) and shows null elsewhere', async () => {
    const a = await rotated(600);
    const b = await rotated(600);
    const plain = await newApp();
    await tokenize(a.oldKey);
    await tokenize(b.oldKey);
    await tokenize(b.oldKey);
    await tokenize(b.oldKey);
    const list = (await api('owner', 'GET', '/api/applications')).json.data as { id: string; previous_key_uses: number | null; previous_key_expires_at: string | null }[];
    const byId = new Map(list.map((row) => [row.id, row]));
    expect(byId.get(a.id)).toMatchObject({ previous_key_uses: 1, previous_key_expires_at: a.expiresAt });
    expect(byId.get(b.id)).toMatchObject({ previous_key_uses: 3, previous_key_expires_at: b.expiresAt });
    expect(byId.get(plain.id)).toMatchObject({ previous_key_uses: null, previous_key_expires_at: null });
  });

  it('a new rotation counts from zero again; a rotation without grace shows null', async () => {
    const app = await rotated(600);
    await tokenize(app.oldKey);
    const again = await api('owner', 'POST', `/api/applications/${app.id}/rotate-key`, { grace_period_seconds: 600 });
    expect((await api('owner', 'GET', `/api/applications/${app.id}`)).json.data.previous_key_uses).toBe(0);
    await tokenize(app.newKey); // now the previous key
    expect((await api('owner', 'GET', `/api/applications/${app.id}`)).json.data).toMatchObject({
      previous_key_uses: 1,
      previous_key_expires_at: again.json.data.previous_key_expires_at,
    });
    await api('owner', 'POST', `/api/applications/${app.id}/rotate-key`);
    expect((await api('owner', 'GET', `/api/applications/${app.id}`)).json.data).toMatchObject({ previous_key_uses: null, previous_key_expires_at: null });
  });

  it('an expired grace period shows null', async () => {
    const app = await rotated(600);
    await vault.runtime.db.prisma.application.update({ where: { id: app.id }, data: { previousKeyExpiresAt: new Date(Date.now() - 1000) } });
    expect((await api('owner', 'GET', `/api/applications/${app.id}`)).json.data).toMatchObject({ previous_key_uses: null, previous_key_expires_at: null });
  });
});

describe('end grace — error', () => {
  it('409 no_grace_period without a rotation, after a rotation without grace, after an expired grace, and twice', async () => {
    const never = await newApp();
    const noGrace = await newApp();
    await api('owner', 'POST', `/api/applications/${noGrace.id}/rotate-key`);
    const expired = await rotated(600);
    await vault.runtime.db.prisma.application.update({ where: { id: expired.id }, data: { previousKeyExpiresAt: new Date(Date.now() - 1000) } });
    const twice = await rotated(600);
    expect((await api('owner', 'DELETE', `/api/applications/${twice.id}/previous-key`)).status).toBe(200);
    for (const id of [never.id, noGrace.id, expired.id, twice.id]) {
      const response = await api('owner', 'DELETE', `/api/applications/${id}/previous-key`);
      expect(response.status).toBe(409);
      expect(response.json).toEqual(errorBody(response, 'no_grace_period', 'The application has no previous key in its grace period'));
      expect(await auditOf(response)).toMatchObject({ action: 'application.end_grace', outcome: 'failure', statusCode: 409 });
    }
  });

  it('404 for an unknown or malformed id', async () => {
    for (const id of ['0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11', 'not-a-uuid']) {
      const response = await api('owner', 'DELETE', `/api/applications/${id}/previous-key`);
      expect(response.status).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Application not found'));
    }
  });
});

describe('end grace — security', () => {
  it('no session → 401; developer and viewer → 403 (audited), the grace period still runs', async () => {
    const app = await rotated(600);
    const anonymous = await api(null, 'DELETE', `/api/applications/${app.id}/previous-key`);
    expect(anonymous.status).toBe(401);
    for (const role of ['developer', 'viewer'] as const) {
      const response = await api(role, 'DELETE', `/api/applications/${app.id}/previous-key`);
      expect(response.status).toBe(403);
      expect(response.json).toEqual(errorBody(response, 'insufficient_permissions', 'Insufficient permissions'));
      expect(await auditOf(response)).toMatchObject({ action: 'application.end_grace', outcome: 'failure', statusCode: 403, userId: users[role].id });
    }
    expect((await tokenize(app.oldKey)).status).toBe(201);
  });

  it('another account\'s owner → 404, the grace period still runs', async () => {
    const app = await rotated(600);
    const response = await api('stranger', 'DELETE', `/api/applications/${app.id}/previous-key`);
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(response, 'not_found', 'Application not found'));
    expect((await tokenize(app.oldKey)).status).toBe(201);
  });

  it('a cross-site request with the session cookie → 403 forbidden_origin, the grace period still runs', async () => {
    const app = await rotated(600);
    const response = await vault.call('DELETE', `/api/applications/${app.id}/previous-key`, {
      key: null,
      headers: { cookie: `vault_session=${tokens.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'forbidden_origin', 'Cross-origin requests are not allowed'));
    expect((await tokenize(app.oldKey)).status).toBe(201);
  });
});
