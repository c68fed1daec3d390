// Token search (issue 25): POST /api/tokens/search (a session: the account, or one project) and POST
// /tokens/search (an API key with the search permission: its project). Tables: happy (every filter on
// both routes, pagination over a total order, the account scope), error (400s naming the field, the
// unsearchable metadata key, 404 for another account's project), security (missing or wrong key, the
// permission, a cross-site cookie request, another tenant's tokens never returned, no metadata value in
// the index, the audit row or the logs), the re-index after a key is added (tokens made before become
// findable; 409 while it runs; the final sweep), a key removed losing its entries, and the status filters
// on a clock the test controls.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { reindexMetadata } from '../../lib/tokens/reindex-metadata';
import type { Stranger } from '../helpers/accounts';
import { ROLES, expectError, expectFieldError, expectUnauthorized, startManagementVault } from '../helpers/management';
import type { ApiResponse, TestVault } from '../helpers/test-vault';
import type { Role, TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let jwts: Record<Role, string>;
let stranger: Stranger & { key: string };

const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';
const EVIL = 'https://evil.example';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  const started = await startManagementVault('search');
  ({ vault, users, jwts } = started);
  const other = started.stranger;
  await vault.runtime.db.prisma.project.update({ where: { id: other.projectId }, data: { searchableMetadataKeys: ['customer_id'] } });
  const app = await createApplication(vault.runtime, { projectId: other.projectId, environment: 'test', name: 'stranger search', permissions: { tokenization: true, provisioning: false, search: true } });
  stranger = { ...other, key: app.apiKey };
});
afterAll(() => vault?.close());
afterEach(() => vi.useRealTimers());

type Project = { projectId: string; key: string; tokenizeOnlyKey: string };
type Created = { token: string; fingerprint: string; created_at: string; mask: string };

/** A fresh project of the test account: a key that may tokenize and search, and one that may only tokenize. */
async function freshProject(name: string, searchable: string[] = []): Promise<Project> {
  const project = await createProject(vault.runtime, { accountId: users.accountId, name, environment: 'test', searchableMetadataKeys: searchable });
  const make = (appName: string, search: boolean) =>
    createApplication(vault.runtime, { projectId: project.id, environment: 'test', name: appName, permissions: { tokenization: true, provisioning: false, search } });
  return { projectId: project.id, key: (await make(`${name} searcher`, true)).apiKey, tokenizeOnlyKey: (await make(`${name} tokenizer`, false)).apiKey };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tokenize(key: string, body: Record<string, unknown>): Promise<Created> {
  // Distinct milliseconds: the created_at bounds below are inclusive.
  await sleep(3);
  const response = await vault.call('POST', '/tokenize', { key, json: body });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({ type: 'card', data: { cardNumber, expirationMonth: '12', expirationYear: '2030' }, ...extra });
const BANK = { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Jane Doe', accountType: 'checking' } };

/** POST /api/tokens/search as `who` (Bearer JWT). */
const sessionSearch = (who: Role, json: unknown, headers: Record<string, string> = {}) =>
  vault.call('POST', '/api/tokens/search', { key: null, json, headers: { authorization: `Bearer ${jwts[who]}`, ...headers } });
/** POST /tokens/search with an API key. */
const keySearch = (key: string | null, json: unknown) => vault.call('POST', '/tokens/search', { key, json });

const tokensOf = (response: ApiResponse): string[] => {
  expect(response.status, response.text).toBe(200);
  return response.json.data.map((item: { token: string }) => item.token);
};

/** Both routes agree on a project's search: the session names the project, the key is of it. */
async function bothRoutes(project: Project, filters: Record<string, unknown>): Promise<string[]> {
  const bySession = tokensOf(await sessionSearch('viewer', { project_id: project.projectId, ...filters }));
  expect(tokensOf(await keySearch(project.key, filters))).toEqual(bySession);
  return bySession;
}

const auditRow = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
const entriesOf = (projectId: string) => vault.runtime.db.prisma.tokenSearchEntry.findMany({ where: { projectId } });

describe('token search — happy', () => {
  let project: Project;
  const t = {} as Record<'t1' | 't2' | 't3' | 't4' | 't5' | 't6' | 't7', Created>;
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

  beforeAll(async () => {
    project = await freshProject('Search filters', ['customer_id', 'plan']);
    t.t1 = await tokenize(project.key, card('4242424242424242', { metadata: { customer_id: 'cus_1', plan: 'gold', note: 'not searchable' } }));
    t.t2 = await tokenize(project.key, card('5555555555554444', { metadata: { customer_id: 'cus_1', plan: 'free' } }));
    t.t3 = await tokenize(project.key, card('378282246310005', { metadata: { customer_id: 'cus_2' }, expires_at: inDays(1) }));
    t.t4 = await tokenize(project.key, card('4000056655665556', { token_format: 'pan_preserving', expires_at: inDays(30) }));
    t.t5 = await tokenize(project.key, BANK);
    // 13 digits: the mask hides the BIN.
    t.t6 = await tokenize(project.key, card('4222222222222'));
    t.t7 = await tokenize(project.key, card('4242424242424242', { token_format: 'uuid' }));
  });

  it('shows the token views of GET /api/tokens: masked fields, format, metadata, expiry and status', async () => {
    const response = await sessionSearch('viewer', { project_id: project.projectId, metadata: { plan: 'gold' } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: [
        expect.objectContaining({
          token: t.t1.token,
          mask: '424242******4242',
          bin: '424242',
          project_id: project.projectId,
          token_format: 'random',
          metadata: { customer_id: 'cus_1', plan: 'gold', note: 'not searchable' },
          expires_at: null,
          status: 'active',
        }),
      ],
      next_cursor: null,
    });
    // The GET of the same token shows the same view.
    expect((await vault.call('GET', `/api/tokens/${t.t1.token}`, { key: null, headers: { authorization: `Bearer ${jwts.viewer}` } })).json.data).toEqual(response.json.data[0]);
  });

  it.each([
    ['nothing', {}, ['t7', 't6', 't5', 't4', 't3', 't2', 't1']],
    ['a fingerprint', () => ({ fingerprint: t.t1.fingerprint }), ['t7', 't1']],
    ['a fingerprint prefix', () => ({ fingerprint: t.t1.fingerprint.slice(0, 8) }), ['t7', 't1']],
    ['a bin', { bin: '424242' }, ['t7', 't1']],
    ['the bin of a format-preserving token', { bin: '400005' }, ['t4']],
    ['a bin the mask hides (13 digits)', { bin: '422222' }, []],
    ['last4', { last4: '4444' }, ['t2']],
    ['a brand', { brand: 'visa' }, ['t7', 't6', 't4', 't1']],
    ['another brand', { brand: 'amex' }, ['t3']],
    ['type bank', { type: 'bank' }, ['t5']],
    ['type card', { type: 'card' }, ['t7', 't6', 't4', 't3', 't2', 't1']],
    ['token_format pan_preserving', { token_format: 'pan_preserving' }, ['t4']],
    ['token_format uuid', { token_format: 'uuid' }, ['t7']],
    ['token_format random', { token_format: 'random' }, ['t6', 't5', 't3', 't2', 't1']],
    ['one metadata value', { metadata: { customer_id: 'cus_1' } }, ['t2', 't1']],
    ['two metadata values (both must match)', { metadata: { customer_id: 'cus_1', plan: 'gold' } }, ['t1']],
    ['two metadata values, one matching none', { metadata: { customer_id: 'cus_1', plan: 'platinum' } }, []],
    ['metadata with a card field', { metadata: { customer_id: 'cus_1' }, brand: 'mastercard' }, ['t2']],
    ['a metadata value of no token', { metadata: { customer_id: 'cus_9' } }, []],
    ['metadata is case-sensitive and exact', { metadata: { customer_id: 'CUS_1' } }, []],
    ['created_from (inclusive)', () => ({ created_from: t.t3.created_at }), ['t7', 't6', 't5', 't4', 't3']],
    ['created_to (inclusive)', () => ({ created_to: t.t2.created_at }), ['t2', 't1']],
    ['a created range', () => ({ created_from: t.t2.created_at, created_to: t.t4.created_at }), ['t4', 't3', 't2']],
    ['a created range with metadata', () => ({ created_from: t.t2.created_at, metadata: { customer_id: 'cus_1' } }), ['t2']],
    ['created_to as a date before the tokens', { created_to: '2020-01-01' }, []],
    ['expires_before', () => ({ expires_before: inDays(2) }), ['t3']],
    ['expires_before, later', () => ({ expires_before: inDays(60) }), ['t4', 't3']],
    ['status active, the default', { status: 'active' }, ['t7', 't6', 't5', 't4', 't3', 't2', 't1']],
    ['status expired', { status: 'expired' }, []],
    ['status deleted', { status: 'deleted' }, []],
  ])('filters by %s, on both routes', async (_name, filters, expected) => {
    const body = typeof filters === 'function' ? filters() : filters;
    expect(await bothRoutes(project, body)).toEqual(expected.map((name) => t[name as keyof typeof t].token));
  });

  it('pages with a cursor, newest first, without overlap: from the tokens and from the metadata index', async () => {
    for (const filters of [{}, { metadata: { customer_id: 'cus_1' } }, { type: 'card' }]) {
      const all = await bothRoutes(project, { ...filters, limit: 100 });
      for (const search of [(body: object) => sessionSearch('developer', { project_id: project.projectId, ...body }), (body: object) => keySearch(project.key, body)]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 10; page++) {
          const response = await search({ ...filters, limit: 2, ...(cursor ? { cursor } : {}) });
          seen.push(...tokensOf(response));
          expect(response.json.data.length).toBeLessThanOrEqual(2);
          cursor = response.json.next_cursor ?? undefined;
          if (!cursor) break;
        }
        expect(seen).toEqual(all);
      }
    }
  });

  it('every role may search; without project_id a session searches every project of its account', async () => {
    const elsewhere = await freshProject('Search elsewhere');
    const there = await tokenize(elsewhere.key, card('4242424242424242'));
    const theirs = await tokenize(stranger.key, card('4242424242424242'));
    for (const role of ROLES) {
      const found = tokensOf(await sessionSearch(role, { last4: '4242', limit: 100 }));
      expect(found).toEqual(expect.arrayContaining([t.t7.token, t.t1.token, there.token]));
      expect(found).not.toContain(theirs.token);
    }
    // A key searches its own project only.
    expect(tokensOf(await keySearch(elsewhere.key, { last4: '4242' }))).toEqual([there.token]);
  });

  it('the key route writes a token.search audit row, without its filters', async () => {
    const response = await keySearch(project.key, { metadata: { customer_id: 'cus_1' }, fingerprint: t.t1.fingerprint });
    expect(response.status).toBe(200);
    const row = await auditRow(response);
    expect(row).toMatchObject({ action: 'token.search', outcome: 'success', statusCode: 200, projectId: project.projectId });
    expect(JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(/cus_1|customer_id/);
  });
});

describe('token search — error', () => {
  let project: Project;
  beforeAll(async () => {
    project = await freshProject('Search errors', ['customer_id']);
  });

  const limitRule = 'limit must be an integer from 1 to 100';
  it.each([
    [{ bin: '42424' }, 'bin', 'bin must be 6 digits'],
    [{ bin: '42424a' }, 'bin', 'bin must be 6 digits'],
    [{ bin: 424242 }, 'bin', 'bin must be 6 digits'],
    [{ last4: '12345' }, 'last4', 'last4 must be 4 digits'],
    [{ brand: 'VISA' }, 'brand', 'brand must be one of visa, mastercard, amex, discover, diners, jcb, unionpay, maestro'],
    [{ type: 'wallet' }, 'type', 'type must be card or bank'],
    [{ token_format: 'fpe' }, 'token_format', 'token_format must be one of random, pan_preserving, last4_preserving, uuid'],
    [{ status: 'gone' }, 'status', 'status must be active, expired or deleted'],
    [{ status: null }, 'status', 'status must be active, expired or deleted'],
    [{ fingerprint: 'abc' }, 'fingerprint', 'fingerprint must be the full fingerprint or a prefix of at least 8 lowercase hex characters'],
    [{ created_from: 'yesterday' }, 'created_from', 'created_from must be an ISO 8601 date or date-time with offset'],
    [{ created_from: '2025-03-01', created_to: '2025-02-01' }, 'created_to', 'created_to must not be before created_from'],
    [{ expires_before: '2030-01-01T00:00:00' }, 'expires_before', 'expires_before must be an ISO 8601 date or date-time with offset'],
    // A date-time that does not exist is refused, not rolled over to March 2nd.
    [{ created_to: '2030-02-30T00:00:00Z' }, 'created_to', 'created_to must be an ISO 8601 date or date-time with offset'],
    [{ expires_before: '2030-02-30T12:00:00Z' }, 'expires_before', 'expires_before must be an ISO 8601 date or date-time with offset'],
    [{ limit: 0 }, 'limit', limitRule],
    [{ limit: 101 }, 'limit', limitRule],
    [{ limit: 2.5 }, 'limit', limitRule],
    [{ limit: '5' }, 'limit', limitRule],
    [{ cursor: 'garbage!' }, 'cursor', 'cursor is not a cursor this API issued'],
    [{ metadata: { order_ref: 'x' } }, 'metadata.order_ref', 'metadata.order_ref is not in this project\'s searchable_metadata_keys'],
    [{ metadata: { customer_id: 7 } }, 'metadata.customer_id', 'metadata.customer_id must be a string'],
    [{ metadata: { 'Customer-ID': 'x' } }, 'metadata.Customer-ID', 'metadata keys must be 1 to 40 of a-z, 0-9 and _'],
    [{ metadata: { customer_id: 'card 4242 4242 4242 4242' } }, 'metadata.customer_id', 'metadata.customer_id must not contain a card number'],
    [{ metadata: 'customer_id=x' }, 'metadata', 'metadata must be an object of strings'],
    [{ last_four: '4242' }, 'last_four', 'Unrecognized field'],
  ])('%j → 400 naming the field, on both routes', async (filters, path, message) => {
    for (const response of [await sessionSearch('viewer', { project_id: project.projectId, ...filters }), await keySearch(project.key, filters)]) {
      expectFieldError(response, path, message);
    }
  });

  it('a session names the project of a metadata filter; a key cannot name one', async () => {
    const bare = await sessionSearch('viewer', { metadata: { customer_id: 'cus_1' } });
    expectFieldError(bare, 'project_id', 'project_id is required with metadata (searchable keys are set per project)');
    const invalid = await sessionSearch('viewer', { project_id: 'nope' });
    expectFieldError(invalid, 'project_id', 'project_id must be a UUID');
    const byKey = await keySearch(project.key, { project_id: project.projectId });
    expectFieldError(byKey, 'project_id', 'Unrecognized field');
  });

  it('an unknown project_id → 404 Project not found', async () => {
    const response = await sessionSearch('viewer', { project_id: UNKNOWN_ID });
    expectError(response, 404, 'not_found', 'Project not found');
  });

  it('a body that is not JSON, or another method → 400 and 405', async () => {
    const notJson = await vault.call('POST', '/tokens/search', { key: project.key, body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error.code).toBe('invalid_json');
    const get = await vault.call('GET', '/api/tokens/search', { key: null, headers: { authorization: `Bearer ${jwts.viewer}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('token search — security', () => {
  let ours: Project;
  let ourToken: Created;
  let theirToken: Created;
  beforeAll(async () => {
    ours = await freshProject('Search security', ['customer_id']);
    // The same card and metadata in both tenants: nothing crosses.
    ourToken = await tokenize(ours.key, card('4242424242424242', { metadata: { customer_id: 'cus_shared' } }));
    theirToken = await tokenize(stranger.key, card('4242424242424242', { metadata: { customer_id: 'cus_shared' } }));
  });

  it.each([
    ['no key', 401, 'invalid_api_key', 'Invalid API key', () => null],
    ['an unknown key', 401, 'invalid_api_key', 'Invalid API key', () => 'vk_test_000000000000000000000000000000ab'],
    ['a garbage key', 401, 'invalid_api_key', 'Invalid API key', () => 'hello'],
    ['a revoked key', 401, 'invalid_api_key', 'Invalid API key', () => vault.tenants.test.keys.revoked],
    ['a key without the search permission (tokenization only)', 403, 'insufficient_permissions', 'Insufficient permissions', () => ours.tokenizeOnlyKey],
    ['a key without any permission', 403, 'insufficient_permissions', 'Insufficient permissions', () => vault.tenants.test.keys.noPermission],
    ['a provisioning-only key', 403, 'insufficient_permissions', 'Insufficient permissions', () => vault.tenants.test.keys.provisioningOnly],
  ])('POST /tokens/search with %s → %i, audited', async (_name, status, code, message, key) => {
    const response = await keySearch(key(), { metadata: { customer_id: 'cus_shared' } });
    expectError(response, status, code, message);
    if (status === 403) expect(await auditRow(response)).toMatchObject({ action: 'token.search', outcome: 'failure', statusCode: 403 });
  });

  it.each([
    ['no credentials', {}],
    ['a JWT that does not verify', { authorization: 'Bearer nope' }],
    ['an API key alone', { 'x-api-key': 'KEY' }],
  ])('POST /api/tokens/search with %s → 401', async (_name, headers) => {
    const withKey = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value === 'KEY' ? ours.key : value]));
    const response = await vault.call('POST', '/api/tokens/search', { key: null, json: {}, headers: withKey });
    expectUnauthorized(response);
  });

  it('a cross-site request with the session cookie → 403 forbidden_origin; the same origin is served', async () => {
    const cookie = `vault_session=${jwts.owner}`;
    const crossSite = await vault.call('POST', '/api/tokens/search', { key: null, json: { project_id: ours.projectId }, headers: { cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' } });
    expectError(crossSite, 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    const sameOrigin = await vault.call('POST', '/api/tokens/search', { key: null, json: { project_id: ours.projectId }, headers: { cookie, origin: new URL(vault.runtime.config.APP_URL).origin } });
    expect(tokensOf(sameOrigin)).toEqual([ourToken.token]);
  });

  it('another tenant never sees our tokens, whatever it filters on, and we never see theirs', async () => {
    const strangerSearch = (json: unknown) => vault.call('POST', '/api/tokens/search', { key: null, json, headers: { authorization: `Bearer ${stranger.token}` } });
    // Their project by id: 404 for us, ours for them.
    const probe = await strangerSearch({ project_id: ours.projectId, metadata: { customer_id: 'cus_shared' } });
    expectError(probe, 404, 'not_found', 'Project not found');
    expect((await sessionSearch('owner', { project_id: stranger.projectId })).status).toBe(404);
    // The same value in each project finds each its own token (the index is keyed per project).
    expect(tokensOf(await strangerSearch({ project_id: stranger.projectId, metadata: { customer_id: 'cus_shared' } }))).toEqual([theirToken.token]);
    expect(tokensOf(await keySearch(stranger.key, { metadata: { customer_id: 'cus_shared' } }))).toEqual([theirToken.token]);
    expect(tokensOf(await keySearch(ours.key, { metadata: { customer_id: 'cus_shared' } }))).toEqual([ourToken.token]);
    // Card fields and fingerprints across the account: never the other tenant's.
    const theirs = await strangerSearch({ last4: '4242', limit: 100 });
    expect(tokensOf(theirs)).toContain(theirToken.token);
    expect(theirs.json.data.map((item: { project_id: string }) => item.project_id)).toEqual(theirs.json.data.map(() => stranger.projectId));
    expect(tokensOf(await keySearch(stranger.key, { fingerprint: ourToken.fingerprint }))).toEqual([]);
    expect(tokensOf(await sessionSearch('owner', { last4: '4242', limit: 100 }))).not.toContain(theirToken.token);
    expect(tokensOf(await sessionSearch('owner', { fingerprint: theirToken.fingerprint, limit: 100 }))).toEqual([]);
  });

  it('the index holds no metadata value, only keyed MACs; no value reaches a log or an audit row', async () => {
    const value = 'cus_plaintext_canary_7731';
    const created = await tokenize(ours.key, card('4242424242424242', { metadata: { customer_id: value } }));
    const found = await keySearch(ours.key, { metadata: { customer_id: value } });
    expect(tokensOf(found)).toEqual([created.token]);
    const entries = await entriesOf(ours.projectId);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.valueMac).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(entries)).not.toContain(value);
    const raw = await vault.runtime.db.sql.query('SELECT * FROM token_search_entries WHERE project_id = $1::uuid', [ours.projectId]);
    expect(JSON.stringify(raw)).not.toContain(value);
    expect(vault.logs.join('\n')).not.toContain(value);
    expect(JSON.stringify(await auditRow(found), (_key, item) => (typeof item === 'bigint' ? String(item) : item))).not.toContain(value);
  });
});

describe('token search — the re-index of searchable keys', () => {
  const put = (projectId: string, json: unknown) =>
    vault.call('PUT', `/api/projects/${projectId}`, { key: null, json, headers: { authorization: `Bearer ${jwts.admin}` } });

  it('tokens made before a key was added become findable once the update answers; a key removed loses its entries', async () => {
    const project = await freshProject('Reindex');
    const before = [
      await tokenize(project.key, card('4242424242424242', { metadata: { customer_id: 'cus_r', plan: 'gold' } })),
      await tokenize(project.key, card('5555555555554444', { metadata: { customer_id: 'cus_r' } })),
      await tokenize(project.key, card('378282246310005', { metadata: { plan: 'gold' } })),
      await tokenize(project.key, card('6011111111111117')),
    ];
    expect(await entriesOf(project.projectId)).toEqual([]);
    const refused = await keySearch(project.key, { metadata: { customer_id: 'cus_r' } });
    expectFieldError(refused, 'metadata.customer_id', 'metadata.customer_id is not in this project\'s searchable_metadata_keys');

    const added = await put(project.projectId, { searchable_metadata_keys: ['customer_id', 'plan'] });
    expect(added.status).toBe(200);
    // The PUT's pass indexed this small project: nothing left to index.
    expect(added.json.data).toMatchObject({ searchable_metadata_keys: ['customer_id', 'plan'], metadata_keys_indexing: [] });
    expect(await bothRoutes(project, { metadata: { customer_id: 'cus_r' } })).toEqual([before[1]!.token, before[0]!.token]);
    expect(await bothRoutes(project, { metadata: { plan: 'gold' } })).toEqual([before[2]!.token, before[0]!.token]);
    expect((await entriesOf(project.projectId)).length).toBe(4);
    // A token made now is indexed by tokenize itself.
    const after = await tokenize(project.key, card('4242424242424242', { metadata: { customer_id: 'cus_r' } }));
    expect(await bothRoutes(project, { metadata: { customer_id: 'cus_r' } })).toEqual([after.token, before[1]!.token, before[0]!.token]);

    const removed = await put(project.projectId, { searchable_metadata_keys: ['customer_id'] });
    expect(removed.json.data).toMatchObject({ searchable_metadata_keys: ['customer_id'], metadata_keys_indexing: [] });
    expect((await entriesOf(project.projectId)).map((entry) => entry.key)).toEqual(['customer_id', 'customer_id', 'customer_id']);
    const gone = await keySearch(project.key, { metadata: { plan: 'gold' } });
    expectFieldError(gone, 'metadata.plan', 'metadata.plan is not in this project\'s searchable_metadata_keys');
    expect(await bothRoutes(project, { metadata: { customer_id: 'cus_r' } })).toEqual([after.token, before[1]!.token, before[0]!.token]);
  });

  it('while a walk is unfinished its keys answer 409 and the others are served; passes resume it, batch by batch', async () => {
    const project = await freshProject('Reindex walk', ['customer_id']);
    const tokens = [];
    for (let index = 0; index < 5; index++) tokens.push(await tokenize(project.key, card('4242424242424242', { metadata: { customer_id: 'cus_w', plan: `p${index % 2}` } })));
    // `plan` added: as if the PUT's pass had been cut short before the first batch.
    const { prisma } = vault.runtime.db;
    await prisma.project.update({
      where: { id: project.projectId },
      data: { searchableMetadataKeys: ['customer_id', 'plan'], metadataReindexCursor: ZERO_ID, metadataReindexKeys: ['plan'], metadataReindexStartedAt: new Date() },
    });
    const busy = await keySearch(project.key, { metadata: { plan: 'p0' } });
    expectError(busy, 409, 'conflict', 'metadata key plan is still being indexed; try again shortly');
    const sessionBusy = await sessionSearch('viewer', { project_id: project.projectId, metadata: { customer_id: 'cus_w', plan: 'p1' } });
    expectError(sessionBusy, 409, 'conflict', 'metadata key plan is still being indexed; try again shortly');
    expect((await sessionSearch('viewer', { project_id: project.projectId })).status).toBe(200);
    expect(await bothRoutes(project, { metadata: { customer_id: 'cus_w' } })).toHaveLength(5);
    const view = await vault.call('GET', `/api/projects/${project.projectId}`, { key: null, headers: { authorization: `Bearer ${jwts.viewer}` } });
    expect(view.json.data.metadata_keys_indexing).toEqual(['plan']);

    // A pass past its deadline does nothing; then two tokens a batch, resumable.
    expect(await reindexMetadata(vault.runtime, { projectId: project.projectId, deadline: Date.now() - 1 })).toEqual({ tokens: 0, walked: false, done: false });
    const { metadataReindexCursor: untouched } = await prisma.project.findUniqueOrThrow({ where: { id: project.projectId } });
    expect(untouched).toBe(ZERO_ID);
    const walked = await reindexMetadata(vault.runtime, { projectId: project.projectId, batchSize: 2, settleMs: 60_000 });
    expect(walked).toEqual({ tokens: 5, walked: true, done: false });
    expect(await prisma.project.findUniqueOrThrow({ where: { id: project.projectId } })).toMatchObject({ metadataReindexCursor: null, metadataReindexKeys: [] });
    const evens = tokens.filter((_, index) => index % 2 === 0).map((token) => token.token).reverse();
    expect(await bothRoutes(project, { metadata: { plan: 'p0' } })).toEqual(evens);
    // The last sweep waits for the settle time, then ends the re-index.
    expect(await reindexMetadata(vault.runtime, { projectId: project.projectId, settleMs: 0 })).toEqual({ tokens: 0, walked: true, done: true });
    expect(await prisma.project.findUniqueOrThrow({ where: { id: project.projectId } })).toMatchObject({ metadataReindexStartedAt: null });
  });

  it('the final sweep indexes a token a tokenize wrote with the old list behind the cursor', async () => {
    const project = await freshProject('Reindex sweep', ['customer_id']);
    const early = await tokenize(project.key, card('4242424242424242', { metadata: { customer_id: 'cus_s' } }));
    const late = await tokenize(project.key, card('5555555555554444', { metadata: { customer_id: 'cus_s' } }));
    const { prisma } = vault.runtime.db;
    const lateId = (await prisma.token.findFirstOrThrow({ where: { token: late.token }, select: { id: true } })).id;
    // The walk already went past every token (its cursor at the newest id), but the late one's statement
    // read the list before customer_id was in it: no entry.
    await prisma.tokenSearchEntry.deleteMany({ where: { tokenId: lateId } });
    await prisma.project.update({
      where: { id: project.projectId },
      data: { metadataReindexCursor: lateId, metadataReindexKeys: ['customer_id'], metadataReindexStartedAt: new Date(Date.parse(late.created_at) - 1000) },
    });
    expect(await reindexMetadata(vault.runtime, { projectId: project.projectId, settleMs: 0 })).toEqual({ tokens: 0, walked: true, done: true });
    expect(await bothRoutes(project, { metadata: { customer_id: 'cus_s' } })).toEqual([late.token, early.token]);
  });

  it('a key added while a walk runs restarts it with both keys; removing the walked key ends it', async () => {
    const project = await freshProject('Reindex twice');
    await tokenize(project.key, card('4242424242424242', { metadata: { customer_id: 'cus_t', plan: 'gold', region: 'eu' } }));
    const { prisma } = vault.runtime.db;
    await prisma.project.update({ where: { id: project.projectId }, data: { searchableMetadataKeys: ['plan'], metadataReindexCursor: ZERO_ID, metadataReindexKeys: ['plan'], metadataReindexStartedAt: new Date() } });
    // The PUT runs its own pass: both keys are searchable when it answers.
    const both = await put(project.projectId, { searchable_metadata_keys: ['plan', 'region'] });
    expect(both.json.data).toMatchObject({ searchable_metadata_keys: ['plan', 'region'], metadata_keys_indexing: [] });
    expect(await bothRoutes(project, { metadata: { plan: 'gold', region: 'eu' } })).toHaveLength(1);
    await prisma.project.update({ where: { id: project.projectId }, data: { metadataReindexCursor: ZERO_ID, metadataReindexKeys: ['region'] } });
    const dropped = await put(project.projectId, { searchable_metadata_keys: ['plan'] });
    expect(dropped.json.data).toMatchObject({ searchable_metadata_keys: ['plan'], metadata_keys_indexing: [] });
    expect(await prisma.project.findUniqueOrThrow({ where: { id: project.projectId } })).toMatchObject({ metadataReindexCursor: null, metadataReindexKeys: [] });
    expect((await entriesOf(project.projectId)).map((entry) => entry.key)).toEqual(['plan']);
  });
});

describe('token search — status on a clock the test controls', () => {
  it('active, expired (own expiry, then retention) and deleted, at the call\'s clock', async () => {
    const project = await freshProject('Search status');
    const start = new Date();
    const soon = await tokenize(project.key, card('4242424242424242', { expires_at: new Date(start.getTime() + 60 * 60 * 1000).toISOString() }));
    const forever = await tokenize(project.key, card('5555555555554444'));
    const doomed = await tokenize(project.key, card('378282246310005'));
    expect((await vault.call('DELETE', `/api/tokens/${doomed.token}`, { key: null, headers: { authorization: `Bearer ${jwts.owner}` } })).status).toBe(200);
    const retention = await vault.call('PUT', `/api/projects/${project.projectId}`, { key: null, json: { token_retention_days: 30 }, headers: { authorization: `Bearer ${jwts.owner}` } });
    expect(retention.status).toBe(200);
    const byStatus = async (status: string) => tokensOf(await keySearch(project.key, { status }));

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start.getTime() + 30 * 60 * 1000);
    expect(await byStatus('active')).toEqual([forever.token, soon.token]);
    expect(await byStatus('expired')).toEqual([]);
    expect(await byStatus('deleted')).toEqual([doomed.token]);

    // Past the own expiry of one.
    vi.setSystemTime(start.getTime() + 2 * 60 * 60 * 1000);
    expect(await byStatus('active')).toEqual([forever.token]);
    expect(await byStatus('expired')).toEqual([soon.token]);
    const expiredView = (await keySearch(project.key, { status: 'expired' })).json.data[0];
    expect(expiredView).toMatchObject({ token: soon.token, status: 'expired' });

    // 31 days unused: retention expires the other too; the deleted one stays deleted only.
    vi.setSystemTime(start.getTime() + 31 * DAY_MS);
    expect(await byStatus('active')).toEqual([]);
    expect(await byStatus('expired')).toEqual([forever.token, soon.token]);
    expect(await byStatus('deleted')).toEqual([doomed.token]);
    const deletedView = (await keySearch(project.key, { status: 'deleted' })).json.data[0];
    expect(deletedView).toMatchObject({ token: doomed.token, status: 'deleted' });
  });
});
