// Token management: GET /api/tokens, GET /api/tokens/{token}, DELETE /api/tokens/{token}. Happy, error
// and security tables: masked data only (a known card number never appears in a response), cursor
// pagination over a total order, every filter, a second account that sees and touches nothing (404), the
// role matrix of DELETE, hybrid DELETE with an API key (and the user's JWT recorded in the audit row), and
// a deleted token gone for detokenize and proxy (404 token_deleted; its row is erased, not removed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { hashPassword } from '../../lib/auth/passwords';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type Role, type TestUsers } from '../helpers/users';
import { freshTokenProject, keyRefusals } from '../helpers/token-projects';

let vault: TestVault;
let users: TestUsers;
const jwts = {} as Record<Role | 'stranger', string>;
let stranger: { id: string; accountId: string; projectId: string; key: string };

const ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';
const UNKNOWN_TOKEN = 'tok_AAAAAAAAAAAAAAAAAAAAAAAA';
/** The canary card number: tokenized once, never seen again in a management response. */
const CANARY_PAN = '4000056655665556';
const BANK = { accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Jane Doe', accountType: 'checking' };

async function login(email: string): Promise<string> {
  const response = await vault.call('POST', '/auth/login', { key: null, json: { email, password: TEST_PASSWORD } });
  expect(response.status).toBe(200);
  return response.json.token;
}

type Tokenized = {
  token: string;
  type: 'card' | 'bank';
  mask: string;
  bin?: string;
  last4: string;
  brand?: string | null;
  fingerprint: string;
  test_mode: boolean;
  created_at: string;
};

async function tokenizeCard(cardNumber = '4242424242424242', key?: string): Promise<Tokenized> {
  const response = await vault.call('POST', '/tokenize', { key, json: { type: 'card', data: { cardNumber, expirationMonth: '12', expirationYear: '2030' } } });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

async function tokenizeBank(key?: string): Promise<Tokenized> {
  const response = await vault.call('POST', '/tokenize', { key, json: { type: 'bank', data: BANK } });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

/** A fresh project of the test account with a full key, so a table's tokens are exactly its own. */
const freshProject = (name: string) => freshTokenProject(vault, users.accountId, name);

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'tokens');
  for (const role of ROLES) jwts[role] = await login(users[role].email);
  // A second account with its own test project, owner and key.
  const { prisma } = vault.runtime.db;
  const account = await prisma.account.create({ data: { name: 'Stranger account' }, select: { id: true } });
  const project = await createProject(vault.runtime, { accountId: account.id, name: 'Stranger project', environment: 'test' });
  const app = await createApplication(vault.runtime, { projectId: project.id, environment: 'test', name: 'stranger app', permissions: { tokenization: true, provisioning: false } });
  const email = `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await prisma.user.create({
    data: { accountId: account.id, email, passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner', name: 'stranger' },
    select: { id: true },
  });
  stranger = { id: user.id, accountId: account.id, projectId: project.id, key: app.apiKey };
  jwts.stranger = await login(email);
});
afterAll(() => vault?.close());

type CallOptions = { json?: unknown; headers?: Record<string, string>; key?: string | null };
/** A management call as `who` (Bearer JWT), with no API key unless one is given. */
const api = (who: Role | 'stranger' | null, method: string, path: string, options: CallOptions = {}) =>
  vault.call(method, path, {
    key: options.key ?? null,
    json: options.json,
    headers: { ...(who ? { authorization: `Bearer ${jwts[who]}` } : {}), ...options.headers },
  });

const errorBody = (response: ApiResponse, code: string, message: string) => ({
  success: false,
  error: { code, message },
  request_id: response.headers.get('x-request-id'),
});

function expectError(response: ApiResponse, status: number, code: string, message: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.json).toEqual(errorBody(response, code, message));
}

const auditRow = (response: ApiResponse) =>
  vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

/** Live (not deleted) rows of a token: a delete erases the row (issue 25) rather than removing it. */
const tokenRowCount = (token: string) => vault.runtime.db.prisma.token.count({ where: { token, deletedAt: null } });

/** The list item a tokenize response describes. */
const itemOf = (created: Tokenized, projectId: string, applicationId: string) => ({
  token: created.token,
  type: created.type,
  mask: created.mask,
  bin: created.bin ?? null,
  last4: created.last4,
  brand: created.brand ?? null,
  fingerprint: created.fingerprint,
  test_mode: created.test_mode,
  project_id: projectId,
  application_id: applicationId,
  created_by: { type: 'application', id: applicationId, name: expect.any(String) },
  created_at: created.created_at,
  // A new token's lifecycle: last used when it was made (issue 25).
  token_format: 'random',
  metadata: {},
  expires_at: null,
  last_used_at: created.created_at,
  status: 'active',
});

describe('tokens — happy', () => {
  it('GET /api/tokens/{token} shows a card\'s masked data to every role', async () => {
    const created = await tokenizeCard('4242424242424242');
    for (const role of ROLES) {
      const response = await api(role, 'GET', `/api/tokens/${created.token}`);
      expect(response.status).toBe(200);
      expect(response.json).toEqual({
        success: true,
        data: {
          token: created.token,
          type: 'card',
          mask: '424242******4242',
          bin: '424242',
          last4: '4242',
          brand: 'visa',
          fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
          test_mode: true,
          project_id: vault.tenants.test.projectId,
          application_id: vault.tenants.test.applicationId,
          created_by: { type: 'application', id: vault.tenants.test.applicationId, name: 'full' },
          created_at: created.created_at,
          token_format: 'random',
          metadata: {},
          expires_at: null,
          last_used_at: created.created_at,
          status: 'active',
        },
      });
      expect(response.json.data.fingerprint).toBe(created.fingerprint);
    }
  });

  it('GET /api/tokens/{token} shows a bank token without BIN or brand', async () => {
    const created = await tokenizeBank();
    const response = await api('viewer', 'GET', `/api/tokens/${created.token}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, data: itemOf(created, vault.tenants.test.projectId, vault.tenants.test.applicationId) });
    expect(response.json.data).toMatchObject({ type: 'bank', mask: '********6789', last4: '6789', bin: null, brand: null });
  });

  it('GET /api/tokens lists the account\'s tokens of every project, newest first, 25 by default', async () => {
    const inTest = await tokenizeCard();
    const inOther = await tokenizeCard('5555555555554444', vault.tenants.other.keys.full);
    const response = await api('viewer', 'GET', '/api/tokens?limit=100');
    expect(response.status).toBe(200);
    expect(response.json.success).toBe(true);
    const list = response.json.data as { token: string; created_at: string }[];
    expect(list).toContainEqual(itemOf(inTest, vault.tenants.test.projectId, vault.tenants.test.applicationId));
    expect(list).toContainEqual(itemOf(inOther, vault.tenants.other.projectId, vault.tenants.other.applicationId));
    const times = list.map((item) => item.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // The default page size.
    for (let i = 0; i < 25; i++) await tokenizeCard();
    const byDefault = await api('viewer', 'GET', '/api/tokens');
    expect(byDefault.json.data).toHaveLength(25);
    expect(byDefault.json.next_cursor).toEqual(expect.any(String));
  });

  it('paginates across 3 pages in a stable order with no duplicates, even with ties and new rows', async () => {
    const project = await freshProject('Pages');
    const created: Tokenized[] = [];
    for (let i = 0; i < 7; i++) created.push(await tokenizeCard('4242424242424242', project.key));
    // Four rows share one created_at: only the id orders them.
    const tie = new Date('2025-06-01T12:00:00.000Z');
    await vault.runtime.db.prisma.token.updateMany({ where: { token: { in: created.slice(1, 5).map((c) => c.token) } }, data: { createdAt: tie } });
    const expected = await vault.runtime.db.prisma.token.findMany({
      where: { projectId: project.projectId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { token: true },
    });

    const seen: string[] = [];
    const cursors: (string | null)[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const response = await api('developer', 'GET', `/api/tokens?project_id=${project.projectId}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status, response.text).toBe(200);
      expect(response.json.data).toHaveLength(page < 2 ? 3 : 1);
      seen.push(...response.json.data.map((item: { token: string }) => item.token));
      cursor = response.json.next_cursor;
      cursors.push(cursor);
      expect(cursor).toEqual(page < 2 ? expect.stringMatching(/^[A-Za-z0-9_-]+$/) : null);
      // A token created mid-way is newer than every cursor: it never shows up on a later page.
      if (page === 0) await tokenizeCard('4242424242424242', project.key);
    }
    expect(seen).toEqual(expected.map((row) => row.token));
    expect(new Set(seen).size).toBe(7);
    // Replaying a cursor gives the same page again.
    const again = await api('developer', 'GET', `/api/tokens?project_id=${project.projectId}&limit=3&cursor=${cursors[0]}`);
    expect(again.json.data.map((item: { token: string }) => item.token)).toEqual(seen.slice(3, 6));
  });

  it('account-wide pages merge the projects in one order: created_at, then id across projects, ties included', async () => {
    // Each project is read as its own index range and the reads are merged (lib/tokens/list-tokens.ts): the
    // pages must be exactly the database's single ordering of the account's tokens.
    const [first, second] = [await freshProject('Merge A'), await freshProject('Merge B')];
    const made: string[] = [];
    for (const project of [first, second, first, second, first]) made.push((await tokenizeCard('4242424242424242', project.key)).token);
    const tie = new Date('2030-01-01T00:00:00.000Z'); // newer than every other token of the account: the first pages
    await vault.runtime.db.prisma.token.updateMany({ where: { token: { in: made } }, data: { createdAt: tie } });
    const expected = await vault.runtime.db.prisma.token.findMany({
      where: { project: { accountId: users.accountId } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { token: true },
      take: 6,
    });
    expect(expected.slice(0, 5).map((row) => row.token).sort()).toEqual([...made].sort());

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const response = await api('viewer', 'GET', `/api/tokens?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status, response.text).toBe(200);
      seen.push(...response.json.data.map((item: { token: string }) => item.token));
      cursor = response.json.next_cursor;
    }
    expect(seen).toEqual(expected.map((row) => row.token));
  });

  describe('filters', () => {
    const made = {} as Record<'visa' | 'mastercard' | 'amex' | 'bank', string>;
    let projectId: string;
    const list = async (query: string) => {
      const response = await api('viewer', 'GET', `/api/tokens?project_id=${projectId}&${query}`);
      expect(response.status, response.text).toBe(200);
      return (response.json.data as { token: string }[]).map((item) => item.token);
    };

    beforeAll(async () => {
      const project = await freshProject('Filters');
      projectId = project.projectId;
      made.visa = (await tokenizeCard('4242424242424242', project.key)).token;
      made.mastercard = (await tokenizeCard('5555555555554444', project.key)).token;
      made.amex = (await tokenizeCard('378282246310005', project.key)).token;
      made.bank = (await tokenizeBank(project.key)).token;
      const dates = { visa: '2025-01-10T12:00:00.000Z', mastercard: '2025-02-10T12:00:00.000Z', amex: '2025-03-10T12:00:00.000Z', bank: '2025-04-10T12:00:00.000Z' };
      for (const [name, date] of Object.entries(dates)) {
        await vault.runtime.db.prisma.token.update({ where: { token: made[name as keyof typeof made] }, data: { createdAt: new Date(date) } });
      }
    });

    it.each([
      ['project_id only', '', ['bank', 'amex', 'mastercard', 'visa']],
      ['type=card', 'type=card', ['amex', 'mastercard', 'visa']],
      ['type=bank', 'type=bank', ['bank']],
      ['last4=4444', 'last4=4444', ['mastercard']],
      ['last4=6789 (bank)', 'last4=6789', ['bank']],
      ['brand=amex', 'brand=amex', ['amex']],
      ['brand=visa&type=card', 'brand=visa&type=card', ['visa']],
      ['brand=visa&type=bank', 'brand=visa&type=bank', []],
      ['created_from (a date: from its first instant)', 'created_from=2025-02-10', ['bank', 'amex', 'mastercard']],
      ['created_to (a date: its whole day)', 'created_to=2025-02-10', ['mastercard', 'visa']],
      ['created_to (a date-time: inclusive)', 'created_to=2025-02-10T12:00:00.000Z', ['mastercard', 'visa']],
      ['created_to one ms before', 'created_to=2025-02-10T11:59:59.999Z', ['visa']],
      ['created_from with an offset', 'created_from=2025-03-10T13:00:00%2B01:00', ['bank', 'amex']],
      ['a created range', 'created_from=2025-02-01&created_to=2025-03-31', ['amex', 'mastercard']],
    ] as const)('%s', async (_name, query, expected) => {
      expect(await list(query)).toEqual(expected.map((name) => made[name]));
    });

    it('without project_id the filters apply to the whole account', async () => {
      const response = await api('owner', 'GET', '/api/tokens?last4=0005&brand=amex&created_to=2025-03-10');
      expect(response.json.data.map((item: { token: string }) => item.token)).toContain(made.amex);
      expect(response.json.data.every((item: { last4: string; brand: string }) => item.last4 === '0005' && item.brand === 'amex')).toBe(true);
    });
  });

  it('DELETE by an owner, admin or developer session: 200, the row is gone, one audit row', async () => {
    for (const role of ['owner', 'admin', 'developer'] as const) {
      const created = await tokenizeCard();
      const response = await api(role, 'DELETE', `/api/tokens/${created.token}`);
      expect(response.status, response.text).toBe(200);
      expect(response.json).toEqual({ success: true, message: 'Token deleted' });
      expect(await tokenRowCount(created.token)).toBe(0);
      expect(await auditRow(response)).toMatchObject({
        action: 'token.delete',
        outcome: 'success',
        statusCode: 200,
        accountId: users.accountId,
        userId: users[role].id,
        applicationId: null,
        projectId: vault.tenants.test.projectId,
        tokenId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
  });

  it('a deleted token is gone for GET (404 Token not found), detokenize and proxy (404 Token deleted); its row keeps no ciphertext', async () => {
    const created = await tokenizeCard();
    expect((await vault.call('POST', '/detokenize', { json: { token: created.token } })).status).toBe(200);
    expect((await api('owner', 'DELETE', `/api/tokens/${created.token}`)).status).toBe(200);
    expectError(await api('owner', 'GET', `/api/tokens/${created.token}`), 404, 'token_not_found', 'Token not found');
    expectError(await vault.call('POST', '/detokenize', { json: { token: created.token } }), 404, 'token_deleted', 'Token deleted');
    const proxied = await vault.call('POST', '/proxy/transaction', {
      json: { token: created.token, proxy_url: 'https://localhost:9/pay', request_data: { number: '${cardNumber}' } },
    });
    expectError(proxied, 404, 'token_deleted', 'Token deleted');
    const [erased] = await vault.runtime.db.sql.query<{ ciphertext: Uint8Array | null; deleted: boolean }>('SELECT ciphertext, deleted_at IS NOT NULL AS deleted FROM tokens WHERE token = $1', [created.token]);
    expect(erased).toEqual({ ciphertext: null, deleted: true });
    const listed = await api('owner', 'GET', '/api/tokens?limit=100');
    expect(listed.json.data.map((item: { token: string }) => item.token)).not.toContain(created.token);
  });

  it('hybrid DELETE with an API key only: the application is the actor', async () => {
    const created = await tokenizeCard();
    const response = await vault.call('DELETE', `/api/tokens/${created.token}`);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ success: true, message: 'Token deleted' });
    expect(await tokenRowCount(created.token)).toBe(0);
    expect(await auditRow(response)).toMatchObject({
      action: 'token.delete',
      outcome: 'success',
      statusCode: 200,
      accountId: users.accountId,
      userId: null,
      applicationId: vault.tenants.test.applicationId,
      projectId: vault.tenants.test.projectId,
    });
    expectError(await vault.call('POST', '/detokenize', { json: { token: created.token } }), 404, 'token_deleted', 'Token deleted');
  });

  it('hybrid DELETE with an API key and the user\'s JWT records both (any role: the key authorises)', async () => {
    for (const role of ['developer', 'viewer'] as const) {
      const created = await tokenizeCard();
      const response = await api(role, 'DELETE', `/api/tokens/${created.token}`, { key: vault.tenants.test.keys.full });
      expect(response.status, response.text).toBe(200);
      expect(await auditRow(response)).toMatchObject({
        action: 'token.delete',
        outcome: 'success',
        userId: users[role].id,
        applicationId: vault.tenants.test.applicationId,
        projectId: vault.tenants.test.projectId,
      });
    }
  });

  it('hybrid DELETE with a JWT of another account records no user', async () => {
    const created = await tokenizeCard();
    const response = await api('stranger', 'DELETE', `/api/tokens/${created.token}`, { key: vault.tenants.test.keys.full });
    expect(response.status, response.text).toBe(200);
    // The key's account, never the other account of the JWT.
    expect(await auditRow(response)).toMatchObject({ accountId: users.accountId, userId: null, applicationId: vault.tenants.test.applicationId });
  });
});

describe('tokens — errors', () => {
  const fieldError = (response: ApiResponse, path: string, message: string) => ({
    success: false,
    error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
    request_id: response.headers.get('x-request-id'),
  });
  const limitRule = 'limit must be an integer from 1 to 100';
  const b64 = (text: string) => Buffer.from(text).toString('base64url');

  it.each([
    ['project_id=nope', 'project_id', 'project_id must be a UUID'],
    ['type=wallet', 'type', 'type must be card or bank'],
    ['last4=12a4', 'last4', 'last4 must be 4 digits'],
    ['last4=12345', 'last4', 'last4 must be 4 digits'],
    ['brand=VISA', 'brand', 'brand must be one of visa, mastercard, amex, discover, diners, jcb, unionpay, maestro'],
    ['created_from=yesterday', 'created_from', 'created_from must be an ISO 8601 date or date-time with offset'],
    ['created_from=2025-02-30', 'created_from', 'created_from must be an ISO 8601 date or date-time with offset'],
    ['created_to=2025-02-10T10:00:00', 'created_to', 'created_to must be an ISO 8601 date or date-time with offset'],
    ['created_from=2025-03-01&created_to=2025-02-01', 'created_to', 'created_to must not be before created_from'],
    ['limit=0', 'limit', limitRule],
    ['limit=101', 'limit', limitRule],
    ['limit=abc', 'limit', limitRule],
    ['limit=1.5', 'limit', limitRule],
    ['limit=', 'limit', limitRule],
    ['cursor=garbage!', 'cursor', 'cursor is not a cursor this API issued'],
    [`cursor=${b64('x|y')}`, 'cursor', 'cursor is not a cursor this API issued'],
    ['projectId=x', 'projectId', 'Unrecognized field'],
  ])('GET /api/tokens?%s → 400 naming %s', async (query, path, message) => {
    const response = await api('viewer', 'GET', `/api/tokens?${query}`);
    expect(response.status).toBe(400);
    expect(response.json).toEqual(fieldError(response, path, message));
  });

  it('an unknown project_id → 404 Project not found', async () => {
    expectError(await api('viewer', 'GET', `/api/tokens?project_id=${UNKNOWN_ID}`), 404, 'not_found', 'Project not found');
  });

  it.each([UNKNOWN_TOKEN, 'not-a-token'])('GET and DELETE /api/tokens/%s → 404 Token not found', async (token) => {
    expectError(await api('viewer', 'GET', `/api/tokens/${token}`), 404, 'token_not_found', 'Token not found');
    expectError(await api('owner', 'DELETE', `/api/tokens/${token}`), 404, 'token_not_found', 'Token not found');
    expectError(await vault.call('DELETE', `/api/tokens/${token}`), 404, 'token_not_found', 'Token not found');
  });

  it('GET and DELETE /api/tokens/%00 → 400 naming token (U+0000 is refused in every request string)', async () => {
    for (const response of [await api('viewer', 'GET', '/api/tokens/%00'), await api('owner', 'DELETE', '/api/tokens/%00'), await vault.call('DELETE', '/api/tokens/%00')]) {
      expect(response.json).toEqual(fieldError(response, 'token', 'must not contain the NUL character (U+0000)'));
    }
  });

  it('deleting twice: the second is a 404, audited as a failure', async () => {
    const created = await tokenizeCard();
    expect((await api('owner', 'DELETE', `/api/tokens/${created.token}`)).status).toBe(200);
    const second = await api('owner', 'DELETE', `/api/tokens/${created.token}`);
    expectError(second, 404, 'token_not_found', 'Token not found');
    expect(await auditRow(second)).toMatchObject({ action: 'token.delete', outcome: 'failure', statusCode: 404, userId: users.owner.id, tokenId: null });
  });

  it('other methods → 405 with Allow', async () => {
    const list = await api('owner', 'POST', '/api/tokens', { json: {} });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET');
    const one = await api('owner', 'PUT', `/api/tokens/${UNKNOWN_TOKEN}`, { json: {} });
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')).toBe('GET, PATCH, DELETE');
  });
});

describe('tokens — security', () => {
  it('GET list and get need a session: none, a garbage JWT or an API key alone → 401', async () => {
    const created = await tokenizeCard();
    for (const path of ['/api/tokens', `/api/tokens/${created.token}`]) {
      expectError(await api(null, 'GET', path), 401, 'unauthorized', 'Authentication required');
      expectError(await api(null, 'GET', path, { headers: { authorization: 'Bearer nope' } }), 401, 'unauthorized', 'Authentication required');
      expectError(await vault.call('GET', path), 401, 'unauthorized', 'Authentication required');
    }
  });

  it('DELETE with no credentials → 401; the token stays', async () => {
    const created = await tokenizeCard();
    expectError(await api(null, 'DELETE', `/api/tokens/${created.token}`), 401, 'unauthorized', 'Authentication required');
    expectError(await api(null, 'DELETE', `/api/tokens/${created.token}`, { headers: { authorization: 'Bearer nope' } }), 401, 'unauthorized', 'Authentication required');
    expect(await tokenRowCount(created.token)).toBe(1);
  });

  it('DELETE role matrix: a viewer session → 403 Insufficient permissions, audited, the token stays', async () => {
    const created = await tokenizeCard();
    const response = await api('viewer', 'DELETE', `/api/tokens/${created.token}`);
    expectError(response, 403, 'insufficient_permissions', 'Insufficient permissions');
    expect(await tokenRowCount(created.token)).toBe(1);
    expect(await auditRow(response)).toMatchObject({ action: 'token.delete', outcome: 'failure', statusCode: 403, userId: users.viewer.id, tokenId: null });
  });

  it.each(keyRefusals(() => vault, () => stranger.key))('hybrid DELETE with a %s → %i; the token stays', async (_name, status, code, message, key) => {
    const created = await tokenizeCard();
    // Even with an owner's JWT: the key decides what can be touched.
    for (const who of [null, 'owner'] as const) {
      expectError(await api(who, 'DELETE', `/api/tokens/${created.token}`, { key: key() }), status, code, message);
    }
    expect(await tokenRowCount(created.token)).toBe(1);
  });

  it('hybrid DELETE with a valid key but a JWT that does not verify → 401; the token stays', async () => {
    const created = await tokenizeCard();
    const response = await api(null, 'DELETE', `/api/tokens/${created.token}`, { key: vault.tenants.test.keys.full, headers: { authorization: 'Bearer nope' } });
    expectError(response, 401, 'unauthorized', 'Authentication required');
    expect(await tokenRowCount(created.token)).toBe(1);
    expect(await auditRow(response)).toMatchObject({ action: 'token.delete', outcome: 'failure', statusCode: 401, applicationId: vault.tenants.test.applicationId });
  });

  it('another account sees none of the tokens and touches none (404)', async () => {
    const ours = await tokenizeCard();
    const theirs = await tokenizeCard('4242424242424242', stranger.key);
    const listed = await api('stranger', 'GET', '/api/tokens?limit=100');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ success: true, data: [itemOf(theirs, stranger.projectId, expect.any(String))], next_cursor: null });
    expectError(await api('stranger', 'GET', `/api/tokens/${ours.token}`), 404, 'token_not_found', 'Token not found');
    expectError(await api('stranger', 'GET', `/api/tokens?project_id=${vault.tenants.test.projectId}`), 404, 'not_found', 'Project not found');
    expectError(await api('stranger', 'DELETE', `/api/tokens/${ours.token}`), 404, 'token_not_found', 'Token not found');
    expect(await tokenRowCount(ours.token)).toBe(1);
    // And the other way round.
    expectError(await api('owner', 'GET', `/api/tokens/${theirs.token}`), 404, 'token_not_found', 'Token not found');
    expectError(await api('owner', 'GET', `/api/tokens?project_id=${stranger.projectId}`), 404, 'not_found', 'Project not found');
    expectError(await api('owner', 'DELETE', `/api/tokens/${theirs.token}`), 404, 'token_not_found', 'Token not found');
    const ownList = await api('owner', 'GET', '/api/tokens?limit=100');
    expect(ownList.json.data.map((item: { token: string }) => item.token)).not.toContain(theirs.token);
    expect((await vault.call('POST', '/detokenize', { key: stranger.key, json: { token: theirs.token } })).status).toBe(200);
  });

  it('the card number never appears in a list or get response (masked data only)', async () => {
    const created = await tokenizeCard(CANARY_PAN);
    const responses = [
      await api('owner', 'GET', `/api/tokens/${created.token}`),
      await api('owner', 'GET', `/api/tokens?limit=100`),
      await api('owner', 'GET', `/api/tokens?last4=${CANARY_PAN.slice(-4)}`),
    ];
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.text).toContain(created.token);
      expect(response.text).not.toContain(CANARY_PAN);
      expect(response.text).not.toContain(CANARY_PAN.slice(6, 12));
      expect(response.text).not.toMatch(/ciphertext|cardNumber|expiration|accountNumber|routingNumber/);
    }
    expect(responses[0]!.json.data).toMatchObject({ mask: `${CANARY_PAN.slice(0, 6)}******${CANARY_PAN.slice(-4)}`, bin: CANARY_PAN.slice(0, 6), last4: CANARY_PAN.slice(-4) });
    // Nor in a log line or audit row of the delete.
    const deleted = await api('owner', 'DELETE', `/api/tokens/${created.token}`);
    expect(deleted.text).not.toContain(CANARY_PAN);
    expect(vault.logs.join('\n')).not.toContain(CANARY_PAN);
    expect(JSON.stringify(await auditRow(deleted), (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(CANARY_PAN);
  });
});
