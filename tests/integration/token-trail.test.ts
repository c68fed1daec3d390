// GET /api/tokens?fingerprint= (full fingerprint or a prefix of >= 8 lowercase hex characters), the token
// view's `created_by` (the application of the key, or the dashboard user of a test token), and
// GET /api/audit-logs?token= (and the CSV export): a token's audit trail. Happy, error, security.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
const jwts = {} as Record<Role, string>;
let project: { id: string; key: string; applicationId: string };

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'trail');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) jwts[role] = await loginAs(vault, users[role].email);
  stranger = await seedStranger(vault);
  const created = await createProject(vault.runtime, { accountId: users.accountId, name: 'trail project', environment: 'test' });
  const app = await createApplication(vault.runtime, { projectId: created.id, environment: 'test', name: 'trail app', permissions: { tokenization: true, provisioning: false } });
  project = { id: created.id, key: app.apiKey, applicationId: app.id };
});
afterAll(() => vault?.close());

const as = (who: Role | 'stranger', method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${who === 'stranger' ? stranger.token : jwts[who]}` } });
const errorOf = (response: ApiResponse) => response.json.error;
const tokenize = async (cardNumber: string) => {
  const response = await vault.call('POST', '/tokenize', { key: project.key, json: cardRequest({ cardNumber }) });
  expect(response.status).toBe(201);
  return response.json as { token: string; fingerprint: string };
};
const listTokens = (query: string, who: Role | 'stranger' = 'viewer') => as(who, 'GET', `/api/tokens?project_id=${project.id}&${query}`);

describe('fingerprint filter and created_by — happy', () => {
  it('the full fingerprint and an 8-character prefix find the same card\'s tokens only; created_by names the application', async () => {
    const first = await tokenize('4000056655665556');
    const second = await tokenize('4000056655665556');
    const other = await tokenize('5555555555554444');
    expect(first.fingerprint).toBe(second.fingerprint);
    for (const filter of [first.fingerprint, first.fingerprint.slice(0, 8), first.fingerprint.slice(0, 20)]) {
      const response = await listTokens(`fingerprint=${filter}`);
      expect(response.status).toBe(200);
      const found = response.json.data.map((item: { token: string }) => item.token);
      expect(found).toEqual([second.token, first.token]);
      expect(found).not.toContain(other.token);
    }
    const item = (await listTokens(`fingerprint=${first.fingerprint}`)).json.data[0];
    expect(item.created_by).toEqual({ type: 'application', id: project.applicationId, name: 'trail app' });
    expect((await as('developer', 'GET', `/api/tokens/${first.token}`)).json.data.created_by).toEqual({ type: 'application', id: project.applicationId, name: 'trail app' });
  });

  it('a test token made from the dashboard names its user (from the creation\'s audit row); a deleted application keeps its id', async () => {
    const made = await vault.call('POST', `/test-tokens?project_id=${project.id}`, {
      key: null,
      json: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' },
      headers: { authorization: `Bearer ${jwts.developer}` },
    });
    expect(made.status, made.text).toBe(201);
    const expected = { type: 'user', id: users.developer.id, email: users.developer.email };
    expect((await as('viewer', 'GET', `/api/tokens/${made.json.token}`)).json.data).toMatchObject({ application_id: null, created_by: expected });
    const listed = (await listTokens(`fingerprint=${made.json.fingerprint}`)).json.data;
    expect(listed.find((item: { token: string }) => item.token === made.json.token).created_by).toEqual(expected);

    const doomed = await createApplication(vault.runtime, { projectId: project.id, environment: 'test', name: 'doomed app', permissions: { tokenization: true, provisioning: false } });
    const token = (await vault.call('POST', '/tokenize', { key: doomed.apiKey, json: cardRequest() })).json.token;
    expect((await as('owner', 'DELETE', `/api/applications/${doomed.id}`)).status).toBe(200);
    expect((await as('viewer', 'GET', `/api/tokens/${token}`)).json.data.created_by).toEqual({ type: 'application', id: doomed.id, name: null });
  });
});

describe('fingerprint filter — error', () => {
  it.each([['7 characters', 'abcdef0'], ['upper case', 'ABCDEF01'], ['not hex', 'ghijklmn'], ['too long', 'a'.repeat(65)], ['empty', '']])('400 naming fingerprint: %s', async (_name, value) => {
    const response = await listTokens(`fingerprint=${value}`);
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'validation_error' });
    expect(response.json.error.fields).toEqual([{ path: 'fingerprint', message: 'fingerprint must be the full fingerprint or a prefix of at least 8 lowercase hex characters' }]);
  });
});

describe('fingerprint filter — security', () => {
  it('another account finds none of the account\'s tokens by fingerprint', async () => {
    const mine = await tokenize('4000056655665556');
    const response = await as('stranger', 'GET', `/api/tokens?fingerprint=${mine.fingerprint}`);
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual([]);
  });
});

describe('audit trail of a token — happy', () => {
  it('lists the token\'s creation and reveals, newest first, and exports them as CSV', async () => {
    const created = await tokenize('4111111111111111');
    const other = await tokenize('4111111111111111');
    const reveal = await vault.call('POST', '/detokenize', { key: project.key, json: { token: created.token } });
    expect(reveal.status).toBe(200);
    await vault.call('POST', '/detokenize', { key: project.key, json: { token: other.token } });
    const response = await as('viewer', 'GET', `/api/audit-logs?token=${created.token}`);
    expect(response.status).toBe(200);
    const rows = response.json.data as { action: string; token_id: string; project_id: string }[];
    expect(rows.map((row) => row.action)).toEqual(['detokenize', 'tokenize']);
    expect(new Set(rows.map((row) => row.token_id)).size).toBe(1);
    expect(rows.every((row) => row.project_id === project.id)).toBe(true);
    // Combined with other filters.
    const onlyReveal = await as('viewer', 'GET', `/api/audit-logs?token=${created.token}&action=detokenize`);
    expect(onlyReveal.json.data).toHaveLength(1);

    const csv = await as('admin', 'GET', `/api/audit-logs/export?token=${created.token}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(rows[0]!.token_id))).toBe(true);
  });

  it('the deletion is the token\'s last row; an erased token keeps its trail (issue 25: the row stays, the card data goes)', async () => {
    const created = await tokenize('4111111111111111');
    const before = await as('viewer', 'GET', `/api/audit-logs?token=${created.token}`);
    expect(before.json.data.map((row: { action: string }) => row.action)).toEqual(['tokenize']);
    expect((await as('developer', 'DELETE', `/api/tokens/${created.token}`)).status).toBe(200);
    const after = await as('viewer', 'GET', `/api/audit-logs?token=${created.token}`);
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ success: true, next_cursor: null });
    expect(after.json.data.map((row: { action: string }) => row.action)).toEqual(['token.delete', 'tokenize']);
  });
});

describe('audit trail of a token — error and security', () => {
  it.each([['unknown', 'tok_AAAAAAAAAAAAAAAAAAAAAAAA'], ['not token-shaped', 'hello']])('an %s token → 200 with an empty list', async (_name, value) => {
    const response = await as('viewer', 'GET', `/api/audit-logs?token=${value}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ success: true, data: [], next_cursor: null });
  });

  it('a token value longer than 100 characters → 400 naming token', async () => {
    const response = await as('viewer', 'GET', `/api/audit-logs?token=tok_${'a'.repeat(100)}`);
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: 'token', message: 'token must be at most 100 characters' }]);
  });

  it('another account\'s token lists nothing (list and export)', async () => {
    const mine = await tokenize('4111111111111111');
    const list = await as('stranger', 'GET', `/api/audit-logs?token=${mine.token}`);
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([]);
    const csv = await as('stranger', 'GET', `/api/audit-logs/export?token=${mine.token}`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n')).toHaveLength(1);
  });

  it('the export stays owner/admin: a viewer → 403', async () => {
    const mine = await tokenize('4111111111111111');
    const response = await as('viewer', 'GET', `/api/audit-logs/export?token=${mine.token}`);
    expect(response.status).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'insufficient_permissions', message: 'Insufficient permissions' });
  });
});
