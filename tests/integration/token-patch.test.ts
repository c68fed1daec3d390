// PATCH /api/tokens/{token} (session of owner/admin/developer, or an API key with tokenization) and PATCH
// /tokens/{token} (API key): metadata merged (null removes a key), expires_at set or cleared, a card's
// expiry month and year, all re-encrypted under the project's current data key version (a rotated key
// moves the token), search entries following the project's searchable keys, the token value unchanged.
// Audited with the changed fields' names, never a value. Happy, error and security tables (missing key,
// wrong key, wrong role, other tenant, cross-site cookie request).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { PROJECT_KEY_COLUMNS } from '../../lib/crypto/keyring';
import { rotateDataKey } from '../../lib/key-rotation/rotate-data-key';
import { clearApiKeyCache } from '../../lib/api-keys/api-key-cache';
import { encryptionKeyForVersion } from '../../lib/keys/data-key-versions';
import { openMetadata } from '../../lib/tokens/token-metadata-seal';
import { openPayload } from '../../lib/vault/token-payload';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { freshTokenProject, keyRefusals, type TokenProject } from '../helpers/token-projects';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger & { key: string };
const jwts = {} as Record<Role, string>;
const PAN = '5555555555554444';
const ROUTES = ['/api/tokens', '/tokens'] as const;

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'patch');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) jwts[role] = await loginAs(vault, users[role].email);
  const seeded = await seedStranger(vault);
  const app = await createApplication(vault.runtime, { projectId: seeded.projectId, environment: 'test', name: 'stranger app', permissions: { tokenization: true, provisioning: false } });
  stranger = { ...seeded, key: app.apiKey };
});
afterAll(() => vault?.close());
afterEach(() => vi.useRealTimers());

type Project = TokenProject;
const freshProject = (name: string) => freshTokenProject(vault, users.accountId, name);

async function tokenize(extra: Record<string, unknown> = {}, key?: string): Promise<string> {
  const response = await vault.call('POST', '/tokenize', { key, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' }, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.json.token;
}

async function tokenizeBank(key?: string): Promise<string> {
  const response = await vault.call('POST', '/tokenize', { key, json: { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000' } } });
  expect(response.status, response.text).toBe(201);
  return response.json.token;
}

/** PATCH through the session route (as `who`) or, with `who` null, through the key route. */
const patch = (route: (typeof ROUTES)[number], token: string, json: unknown, options: { who?: Role | null; key?: string | null; headers?: Record<string, string> } = {}) =>
  vault.call('PATCH', `${route}/${token}`, {
    key: options.key === undefined ? (route === '/tokens' || !options.who ? undefined : null) : options.key,
    json,
    headers: { ...(options.who ? { authorization: `Bearer ${jwts[options.who]}` } : {}), ...options.headers },
  });

const detokenize = (token: string, key?: string) => vault.call('POST', '/detokenize', { key, json: { token } });
const auditRow = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
const stored = (token: string) =>
  vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token }, select: { id: true, projectId: true, keyVersion: true, expiresAt: true, ciphertext: true, metadataSealed: true, lastUsedAt: true } });

function expectError(response: ApiResponse, status: number, code: string, message: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.json).toEqual({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
}

describe('PATCH a token — happy', () => {
  it.each(ROUTES)('%s: metadata is merged, a null removes a key; the token value stays; 200 with the token view', async (route) => {
    const token = await tokenize({ metadata: { customer_id: 'cus_1', plan: 'gold', trial: 'yes' } });
    const response = await patch(route, token, { metadata: { plan: 'platinum', trial: null, region: 'eu' } }, { who: route === '/api/tokens' ? 'developer' : null });
    expect(response.status, response.text).toBe(200);
    expect(response.json.success).toBe(true);
    expect(response.json.data).toMatchObject({ token, type: 'card', mask: '555555******4444', metadata: { customer_id: 'cus_1', plan: 'platinum', region: 'eu' }, status: 'active', expires_at: null });
    expect(Object.keys(response.json.data.metadata).sort()).toEqual(['customer_id', 'plan', 'region']);
    expect((await detokenize(token)).json).toMatchObject({ data: { cardNumber: PAN }, metadata: { customer_id: 'cus_1', plan: 'platinum', region: 'eu' } });
    // Removing every key leaves no sealed metadata at all.
    const emptied = await patch(route, token, { metadata: { customer_id: null, plan: null, region: null } }, { who: route === '/api/tokens' ? 'owner' : null });
    expect(emptied.json.data.metadata).toEqual({});
    expect((await stored(token)).metadataSealed).toBeNull();
    expect((await detokenize(token)).json).toEqual({ success: true, data: { type: 'card', cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } });
  });

  it('the audit row names the token and the fields that changed, never a value', async () => {
    const token = await tokenize({ metadata: { plan: 'gold', keep: 'same' } });
    const at = new Date(Date.now() + 30 * 86_400_000);
    const response = await patch('/api/tokens', token, { metadata: { plan: 'cus_secret_value', keep: 'same', gone: null }, expires_at: at.toISOString(), expirationYear: '2031' }, { who: 'admin' });
    expect(response.status, response.text).toBe(200);
    const row = await stored(token);
    const audit = await auditRow(response);
    expect(audit).toMatchObject({
      action: 'token.update',
      outcome: 'success',
      statusCode: 200,
      accountId: users.accountId,
      userId: users.admin.id,
      projectId: row.projectId,
      tokenId: row.id,
      resource: `token:${row.id} fields=metadata.plan,expires_at,expirationYear`,
    });
    const text = JSON.stringify(audit, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
    for (const value of ['cus_secret_value', 'same', '2031', PAN, at.toISOString()]) expect(text).not.toContain(value);
    // The key route: the application is the actor, the same resource form.
    const again = await patch('/tokens', token, { metadata: { plan: 'cus_secret_value' } });
    expect(await auditRow(again)).toMatchObject({ action: 'token.update', applicationId: vault.tenants.test.applicationId, tokenId: row.id, resource: `token:${row.id} fields=none` });
    // No webhook event or log line carries the metadata either.
    const events = await vault.runtime.db.prisma.webhookEvent.findMany({ where: { projectId: row.projectId } });
    expect(JSON.stringify(events)).not.toContain('cus_secret_value');
    expect(vault.logs.join('\n')).not.toContain('cus_secret_value');
  });

  it('expires_at is set, moved and cleared with null; a PATCH is not a use', async () => {
    const token = await tokenize({ ttl_seconds: 3600 });
    const lastUsed = (await stored(token)).lastUsedAt;
    const at = new Date(Date.now() + 7 * 86_400_000);
    const moved = await patch('/tokens', token, { expires_at: at.toISOString() });
    expect(moved.json.data.expires_at).toBe(at.toISOString());
    expect((await stored(token)).expiresAt?.toISOString()).toBe(at.toISOString());
    const offset = await patch('/tokens', token, { expires_at: '2031-01-31T10:00:00+02:00' });
    expect(offset.json.data.expires_at).toBe('2031-01-31T08:00:00.000Z');
    const cleared = await patch('/tokens', token, { expires_at: null });
    expect(cleared.json.data.expires_at).toBeNull();
    expect((await stored(token)).expiresAt).toBeNull();
    expect((await stored(token)).lastUsedAt).toEqual(lastUsed);
  });

  it('a renewed card: expirationMonth and expirationYear change what detokenize and the proxy see', async () => {
    const token = await tokenize();
    const response = await patch('/tokens', token, { expirationMonth: '03', expirationYear: '2033' });
    expect(response.status, response.text).toBe(200);
    expect((await detokenize(token)).json.data).toEqual({ type: 'card', cardNumber: PAN, expirationMonth: '03', expirationYear: '2033' });
    expect(response.text).not.toContain(PAN);
    // One of them alone.
    await patch('/tokens', token, { expirationYear: '34' });
    expect((await detokenize(token)).json.data).toMatchObject({ expirationMonth: '03', expirationYear: '34' });
  });

  it('re-encrypts under the current data key version after a rotation (card data and metadata)', async () => {
    const project = await freshProject('Patch rotation');
    const token = await tokenize({ metadata: { plan: 'gold' } }, project.key);
    expect((await stored(token)).keyVersion).toBe(1);
    await rotateDataKey(vault.runtime, { projectId: project.projectId });
    clearApiKeyCache();
    // As on a node that never unwrapped version 1: the key is read from the database, inside the PATCH's transaction.
    vault.runtime.keyring.forgetProject(project.projectId);
    const response = await patch('/tokens', token, { expirationMonth: '01', expirationYear: '2032' }, { key: project.key });
    expect(response.status, response.text).toBe(200);
    const row = await stored(token);
    expect(row.keyVersion).toBe(2);
    const keys = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: project.projectId }, select: PROJECT_KEY_COLUMNS });
    const v2 = await encryptionKeyForVersion(vault.runtime, keys, 2);
    const owner = { projectId: project.projectId, tokenId: row.id };
    expect(openPayload(v2, { ...owner, keyVersion: 2 }, row.ciphertext!)).toMatchObject({ cardNumber: PAN, expirationMonth: '01', expirationYear: '2032' });
    expect(openMetadata(v2, owner, row.metadataSealed)).toEqual({ plan: 'gold' });
    expect((await detokenize(token, project.key)).json).toMatchObject({ data: { expirationYear: '2032' }, metadata: { plan: 'gold' } });
  });

  it('search entries follow the project\'s searchable keys: changed ones replaced, removed ones deleted, others never written', async () => {
    const project = await freshProject('Patch search');
    await vault.runtime.db.prisma.project.update({ where: { id: project.projectId }, data: { searchableMetadataKeys: ['customer_id', 'plan'] } });
    const token = await tokenize({ metadata: { customer_id: 'cus_a', plan: 'gold', note: 'x' } }, project.key);
    const { id } = await stored(token);
    const entries = async () =>
      Object.fromEntries((await vault.runtime.db.prisma.tokenSearchEntry.findMany({ where: { tokenId: id } })).map((entry) => [entry.key, entry.valueMac]));
    const before = await entries();
    expect(Object.keys(before).sort()).toEqual(['customer_id', 'plan']);
    await patch('/tokens', token, { metadata: { customer_id: 'cus_b', plan: null, note: 'y', region: 'eu' } }, { key: project.key });
    const after = await entries();
    expect(Object.keys(after)).toEqual(['customer_id']);
    expect(after.customer_id).not.toBe(before.customer_id);
    expect(JSON.stringify(after)).not.toContain('cus_b');
    // The same value again gives the MAC a fresh tokenize gives.
    const twin = await tokenize({ metadata: { customer_id: 'cus_b' } }, project.key);
    const [twinEntry] = await vault.runtime.db.prisma.tokenSearchEntry.findMany({ where: { tokenId: (await stored(twin)).id } });
    expect(twinEntry!.valueMac).toBe(after.customer_id);
  });

  it('concurrent PATCHes of one token each apply (the row is held): no update is lost', async () => {
    const token = await tokenize();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => patch('/tokens', token, { metadata: { [`k${index}`]: `v${index}` } })));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(Object.keys((await detokenize(token)).json.metadata).sort()).toEqual(Array.from({ length: 8 }, (_, index) => `k${index}`));
  });
});

describe('PATCH a token — errors', () => {
  const fieldError = (response: ApiResponse, path: string, message: string) => {
    expect(response.status, response.text).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.fields).toEqual([{ path, message }]);
  };

  it.each([
    [{}, '', 'Give at least one of metadata, expires_at, expirationMonth, expirationYear'],
    [{ token: 'tok_x', metadata: { a: 'b' } }, 'token', 'Unrecognized field'],
    [{ metadata: { count: 5 } }, 'metadata.count', 'metadata.count must be a string, or null to remove it'],
    [{ metadata: { 'Bad-Key': 'x' } }, 'metadata.Bad-Key', 'metadata keys must be 1 to 40 of a-z, 0-9 and _'],
    [{ metadata: { note: '4242 4242 4242 4242' } }, 'metadata.note', 'metadata.note must not contain a card number'],
    [{ metadata: { long: 'x'.repeat(501) } }, 'metadata.long', 'metadata.long must be at most 500 characters'],
    [{ metadata: 'plan' }, 'metadata', 'metadata must be an object of strings (or null to remove a key)'],
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', 'expires_at must be in the future'],
    [{ expires_at: '2030-01-01' }, 'expires_at', 'expires_at must be an RFC 3339 date-time with an offset (2030-01-31T00:00:00Z)'],
    [{ expires_at: '2030-02-30T00:00:00Z' }, 'expires_at', 'expires_at must be an RFC 3339 date-time with an offset (2030-01-31T00:00:00Z)'],
    [{ expires_at: new Date(Date.now() + 11 * 365 * 86_400_000).toISOString() }, 'expires_at', 'expires_at must be at most 10 years ahead'],
    [{ expirationMonth: '13' }, 'expirationMonth', 'expirationMonth must be two digits from 01 to 12'],
    [{ expirationYear: '203' }, 'expirationYear', 'expirationYear must be 2 or 4 digits'],
  ])('%j → 400 naming the field; nothing changes', async (body, path, message) => {
    const token = await tokenize({ metadata: { plan: 'gold' } });
    for (const route of ROUTES) {
      const response = await patch(route, token, body, { who: route === '/api/tokens' ? 'owner' : null });
      fieldError(response, path, message);
      expect(response.text).not.toContain('4242 4242');
    }
    expect((await detokenize(token)).json.metadata).toEqual({ plan: 'gold' });
  });

  it('more than 20 keys after the merge → 400 naming metadata', async () => {
    const token = await tokenize({ metadata: Object.fromEntries(Array.from({ length: 15 }, (_, index) => [`a${index}`, 'v'])) });
    const response = await patch('/tokens', token, { metadata: Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`b${index}`, 'v'])) });
    fieldError(response, 'metadata', 'metadata must have at most 20 keys after the merge');
    // Removing as many as are added fits.
    const fits = await patch('/tokens', token, { metadata: { ...Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`b${index}`, 'v'])), a0: null, a1: null, a2: null, a3: null, a4: null, a5: null } });
    expect(fits.status, fits.text).toBe(200);
    expect(Object.keys(fits.json.data.metadata)).toHaveLength(15);
  });

  it.each(['expirationMonth', 'expirationYear'])('a bank token refuses %s with 400 naming it', async (field) => {
    const token = await tokenizeBank();
    fieldError(await patch('/tokens', token, { [field]: field === 'expirationMonth' ? '01' : '2031' }), field, `${field} applies to card tokens only`);
    expect((await patch('/tokens', token, { metadata: { plan: 'gold' } })).status).toBe(200);
  });

  it('an expired token → 404 token_expired; a deleted one → 404 token_not_found (as GET)', async () => {
    const expiring = await tokenize({ ttl_seconds: 60 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    for (const route of ROUTES) {
      expectError(await patch(route, expiring, { expires_at: new Date(Date.now() + 86_400_000).toISOString() }, { who: route === '/api/tokens' ? 'owner' : null }), 404, 'token_expired', 'Token expired');
    }
    vi.useRealTimers();
    const deleted = await tokenize({ metadata: { plan: 'gold' } });
    expect((await vault.call('DELETE', `/api/tokens/${deleted}`)).status).toBe(200);
    for (const route of ROUTES) {
      const response = await patch(route, deleted, { metadata: { plan: 'x' } }, { who: route === '/api/tokens' ? 'owner' : null });
      expectError(response, 404, 'token_not_found', 'Token not found');
      expect(await auditRow(response)).toMatchObject({ action: 'token.update', outcome: 'failure', statusCode: 404, tokenId: null });
    }
    expect((await stored(deleted)).metadataSealed).toBeNull();
  });

  it.each(['tok_AAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-token'])('%s → 404 Token not found', async (token) => {
    for (const route of ROUTES) expectError(await patch(route, token, { metadata: { a: 'b' } }, { who: route === '/api/tokens' ? 'owner' : null }), 404, 'token_not_found', 'Token not found');
  });

  it('other methods on /tokens/{token} → 405 with Allow', async () => {
    const response = await vault.call('GET', '/tokens/tok_AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('PATCH');
  });
});

describe('PATCH a token — security', () => {
  const unchanged = async (token: string) => expect((await detokenize(token)).json.metadata).toEqual({ plan: 'gold' });

  it('PATCH /api/tokens: no credentials or a JWT that does not verify → 401; the token stays', async () => {
    const token = await tokenize({ metadata: { plan: 'gold' } });
    expectError(await vault.call('PATCH', `/api/tokens/${token}`, { key: null, json: { metadata: { plan: 'x' } } }), 401, 'unauthorized', 'Authentication required');
    expectError(await vault.call('PATCH', `/api/tokens/${token}`, { key: null, json: { metadata: { plan: 'x' } }, headers: { authorization: 'Bearer nope' } }), 401, 'unauthorized', 'Authentication required');
    await unchanged(token);
  });

  it('PATCH /api/tokens role matrix: a viewer session → 403, audited; owner, admin, developer → 200', async () => {
    const token = await tokenize({ metadata: { plan: 'gold' } });
    const refused = await patch('/api/tokens', token, { metadata: { plan: 'x' } }, { who: 'viewer' });
    expectError(refused, 403, 'insufficient_permissions', 'Insufficient permissions');
    expect(await auditRow(refused)).toMatchObject({ action: 'token.update', outcome: 'failure', statusCode: 403, userId: users.viewer.id, tokenId: null });
    await unchanged(token);
    for (const who of ['owner', 'admin', 'developer'] as const) expect((await patch('/api/tokens', token, { metadata: { by: who } }, { who })).status).toBe(200);
  });

  it('PATCH /api/tokens with a cross-site cookie request → 403 forbidden_origin before any effect', async () => {
    const token = await tokenize({ metadata: { plan: 'gold' } });
    const response = await vault.call('PATCH', `/api/tokens/${token}`, {
      key: null,
      json: { metadata: { plan: 'x' } },
      headers: { cookie: `vault_session=${jwts.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expectError(response, 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    await unchanged(token);
    // From the app's own origin the same cookie works.
    const same = await vault.call('PATCH', `/api/tokens/${token}`, {
      key: null,
      json: { metadata: { plan: 'gold' } },
      headers: { cookie: `vault_session=${jwts.owner}`, origin: new URL(vault.runtime.config.APP_URL).origin },
    });
    expect(same.status, same.text).toBe(200);
  });

  it('PATCH /tokens ignores sessions: a JWT or a cookie without a key → 401 Invalid API key', async () => {
    const token = await tokenize({ metadata: { plan: 'gold' } });
    const json = { metadata: { plan: 'x' } };
    expectError(await vault.call('PATCH', `/tokens/${token}`, { key: null, json, headers: { authorization: `Bearer ${jwts.owner}` } }), 401, 'invalid_api_key', 'Invalid API key');
    expectError(
      await vault.call('PATCH', `/tokens/${token}`, { key: null, json, headers: { cookie: `vault_session=${jwts.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }),
      401,
      'invalid_api_key',
      'Invalid API key',
    );
    await unchanged(token);
  });

  const keyTable: [string, number, string, string, () => string | null][] = [
    ['no key', 401, 'invalid_api_key', 'Invalid API key', () => null],
    ...keyRefusals(() => vault, () => stranger.key),
  ];
  it.each(keyTable)('both routes with a %s → %i; the token stays', async (_name, status, code, message, key) => {
    const token = await tokenize({ metadata: { plan: 'gold' } });
    for (const route of ROUTES) {
      // The hybrid route with no key and no session is `unauthorized`; every other row is the key's answer.
      const expected = route === '/api/tokens' && key() === null ? ['unauthorized', 'Authentication required'] : [code, message];
      const response = await patch(route, token, { metadata: { plan: 'x' } }, { key: key() });
      expectError(response, status, expected[0]!, expected[1]!);
    }
    // Even with an owner's JWT beside it: the key decides.
    if (key() !== null) expectError(await patch('/api/tokens', token, { metadata: { plan: 'x' } }, { who: 'owner', key: key() }), status, code, message);
    await unchanged(token);
  });

  it('another account\'s session sees and touches none of the tokens (404), and the other way round', async () => {
    const ours = await tokenize({ metadata: { plan: 'gold' } });
    const theirs = await tokenize({ metadata: { plan: 'gold' } }, stranger.key);
    const asStranger = await vault.call('PATCH', `/api/tokens/${ours}`, { key: null, json: { metadata: { plan: 'x' } }, headers: { authorization: `Bearer ${stranger.token}` } });
    expectError(asStranger, 404, 'token_not_found', 'Token not found');
    await unchanged(ours);
    expectError(await patch('/api/tokens', theirs, { metadata: { plan: 'x' } }, { who: 'owner' }), 404, 'token_not_found', 'Token not found');
    expect((await detokenize(theirs, stranger.key)).json.metadata).toEqual({ plan: 'gold' });
  });
});
