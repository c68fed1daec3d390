// Issue 25, expiry and retention: a token with `ttl_seconds` or `expires_at` answers 404 `token_expired`
// on detokenize and proxy from its expiry on (a clock the test controls), before the job has run, with no
// success audit row and nothing decrypted; one pass of the expiry job then destroys its ciphertext (audited
// as one row per batch and project: a count, never a token) and keeps its mask, fingerprint, metadata,
// search entries and dates, still shown by GET /api/tokens/{token}. Retention (`token_retention_days`)
// expires tokens unused for that many days, and the job stamps the moment as `expires_at`. Detokenize
// records `last_used_at`, at most once an hour, on both read paths; its answer carries the metadata.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expireTokens } from '../../lib/tokens/expire-tokens';
import { forgetTokenId } from '../../lib/vault/token-ids';
import { loginAs } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { freshTokenProject, type TokenProject } from '../helpers/token-projects';
import { seedUsers, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const PAN = '4000056655665556';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'expiry');
});
afterAll(() => vault?.close());
afterEach(() => vi.useRealTimers());

type Project = TokenProject;
const freshProject = (name: string) => freshTokenProject(vault, users.accountId, name);

async function tokenize(project: Project, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await vault.call('POST', '/tokenize', { key: project.key, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' }, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.json.token;
}

const detokenize = (project: Project, token: string) => vault.call('POST', '/detokenize', { key: project.key, json: { token } });
const proxy = (project: Project, token: string) =>
  vault.call('POST', '/proxy/transaction', { key: project.key, json: { token, proxy_url: 'https://localhost:9/pay', request_data: { number: '${cardNumber}' } } });

const row = async (token: string) => {
  const [found] = await vault.runtime.db.sql.query<{ id: string; ciphertext: Uint8Array | null; metadata_sealed: Uint8Array | null; expires_at: Date | null; last_used_at: Date; mask: string; fingerprint: string }>(
    'SELECT id, ciphertext, metadata_sealed, expires_at, last_used_at, mask, fingerprint FROM tokens WHERE token = $1',
    [token],
  );
  return found!;
};

const auditRows = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: response.headers.get('x-request-id')! } });

function expectExpired(response: ApiResponse) {
  expect(response.status, response.text).toBe(404);
  expect(response.json).toEqual({ success: false, error: { code: 'token_expired', message: 'Token expired' }, request_id: response.headers.get('x-request-id') });
  expect(response.text).not.toContain(PAN);
}

describe('expiry — happy', () => {
  it('ttl_seconds: token_expired right after expiry (before the job); one job pass destroys the ciphertext; metadata stays readable', async () => {
    const project = await freshProject('TTL');
    await vault.runtime.db.prisma.project.update({ where: { id: project.projectId }, data: { searchableMetadataKeys: ['customer_id'] } });
    const start = new Date();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const token = await tokenize(project, { ttl_seconds: 60, metadata: { customer_id: 'cus_ttl_1' } });
    const jwt = await loginAs(vault, users.owner.email);
    const ok = await detokenize(project, token);
    expect(ok.status).toBe(200);
    expect(ok.json.metadata).toEqual({ customer_id: 'cus_ttl_1' });

    // One second before: still usable. At the expiry: expired, on detokenize and proxy alike.
    vi.setSystemTime(start.getTime() + 59_000);
    expect((await detokenize(project, token)).status).toBe(200);
    vi.setSystemTime(start.getTime() + 60_000);
    for (const response of [await detokenize(project, token), await proxy(project, token)]) {
      expectExpired(response);
      // The call's failure row only: no success row, and no token named (as for an unknown token).
      expect((await auditRows(response)).map((audit) => [audit.outcome, audit.statusCode, audit.tokenId])).toEqual([['failure', 404, null]]);
    }
    // The job has not run: the ciphertext is still there, refused by the clock alone.
    expect((await row(token)).ciphertext).not.toBeNull();

    const before = await row(token);
    const done = await expireTokens(vault.runtime);
    expect(done.expires_at).toBeGreaterThanOrEqual(1);
    const after = await row(token);
    expect(after.ciphertext).toBeNull();
    expect(after).toMatchObject({ mask: before.mask, fingerprint: before.fingerprint, expires_at: before.expires_at, last_used_at: before.last_used_at });
    expect(after.metadata_sealed).not.toBeNull();
    expect(await vault.runtime.db.prisma.tokenSearchEntry.count({ where: { tokenId: after.id } })).toBe(1);

    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { projectId: project.projectId, action: 'token.expire' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'success', accountId: users.accountId, tokenId: null, userId: null, applicationId: null, resource: `project:${project.projectId} tokens=1 by=expires_at` });
    expect(audit[0]!.requestId).toMatch(/^job-/);
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(audit)).not.toContain('cus_ttl_1');

    const view = await vault.call('GET', `/api/tokens/${token}`, { key: null, headers: { authorization: `Bearer ${jwt}` } });
    expect(view.status, view.text).toBe(200);
    expect(view.json.data).toMatchObject({ token, metadata: { customer_id: 'cus_ttl_1' }, status: 'expired', expires_at: new Date(start.getTime() + 60_000).toISOString() });
    expectExpired(await detokenize(project, token));
    expectExpired(await proxy(project, token));
    // A second pass finds nothing more of it.
    await expireTokens(vault.runtime);
    expect(await vault.runtime.db.prisma.auditLog.count({ where: { projectId: project.projectId, action: 'token.expire' } })).toBe(1);
  });

  it('expires_at: a token past it is refused on the fake clock; one that is not stays usable through the job', async () => {
    const project = await freshProject('Expires at');
    const start = new Date();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const soon = await tokenize(project, { expires_at: new Date(start.getTime() + 5 * 60_000).toISOString() });
    const later = await tokenize(project, { expires_at: new Date(start.getTime() + DAY).toISOString() });
    const never = await tokenize(project);
    vi.setSystemTime(start.getTime() + 5 * 60_000 + 1);
    expectExpired(await detokenize(project, soon));
    await expireTokens(vault.runtime);
    expect((await row(soon)).ciphertext).toBeNull();
    for (const token of [later, never]) {
      expect((await row(token)).ciphertext).not.toBeNull();
      expect((await detokenize(project, token)).json.data.cardNumber).toBe(PAN);
    }
  });

  it('works in batches, one audit row per batch', async () => {
    const project = await freshProject('Batches');
    const tokens = [];
    for (let index = 0; index < 5; index++) tokens.push(await tokenize(project, { ttl_seconds: 1 }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2_000);
    // Only this project's tokens are due at this instant beyond what other tests left; the job takes all of them.
    const done = await expireTokens(vault.runtime, { batchSize: 2 });
    expect(done.expires_at).toBeGreaterThanOrEqual(5);
    for (const token of tokens) expect((await row(token)).ciphertext).toBeNull();
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { projectId: project.projectId, action: 'token.expire' } });
    expect(audit.map((entry) => Number(/tokens=(\d+)/.exec(entry.resource!)![1])).reduce((a, b) => a + b, 0)).toBe(5);
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(new Set(audit.map((entry) => entry.requestId)).size).toBe(1);
  });
});

describe('retention — happy', () => {
  it('a token unused for token_retention_days is expired; the job stamps the moment as expires_at, for good', async () => {
    const project = await freshProject('Retention');
    const stale = await tokenize(project, { metadata: { plan: 'gold' } });
    const used = await tokenize(project);
    const lastUsed = new Date(Date.now() - 2 * DAY - HOUR);
    await vault.runtime.db.sql.query('UPDATE tokens SET last_used_at = $2 WHERE token = $1', [stale, lastUsed]);
    // No retention: both are active.
    expect((await detokenize(project, stale)).status).toBe(200);
    await vault.runtime.db.sql.query('UPDATE tokens SET last_used_at = $2 WHERE token = $1', [stale, lastUsed]);
    await vault.runtime.db.prisma.project.update({ where: { id: project.projectId }, data: { tokenRetentionDays: 2 } });
    expectExpired(await detokenize(project, stale));
    expectExpired(await proxy(project, stale));
    expect((await detokenize(project, used)).status).toBe(200);

    const done = await expireTokens(vault.runtime);
    expect(done.retention).toBeGreaterThanOrEqual(1);
    const after = await row(stale);
    expect(after.ciphertext).toBeNull();
    expect(after.metadata_sealed).not.toBeNull();
    expect(after.expires_at!.toISOString()).toBe(new Date(lastUsed.getTime() + 2 * DAY).toISOString());
    expect((await row(used)).ciphertext).not.toBeNull();
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { projectId: project.projectId, action: 'token.expire' } });
    expect(audit.map((entry) => entry.resource)).toEqual([`project:${project.projectId} tokens=1 by=retention`]);

    // The project keeps tokens again: the destroyed one stays expired.
    await vault.runtime.db.prisma.project.update({ where: { id: project.projectId }, data: { tokenRetentionDays: null } });
    expectExpired(await detokenize(project, stale));
    const jwt = await loginAs(vault, users.viewer.email);
    const view = await vault.call('GET', `/api/tokens/${stale}`, { key: null, headers: { authorization: `Bearer ${jwt}` } });
    expect(view.json.data).toMatchObject({ status: 'expired', metadata: { plan: 'gold' } });
  });

  it('retention counts from the last use, on the caller\'s clock: a use keeps a token alive', async () => {
    const project = await freshProject('Retention clock');
    await vault.runtime.db.prisma.project.update({ where: { id: project.projectId }, data: { tokenRetentionDays: 1 } });
    const start = new Date();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const token = await tokenize(project);
    vi.setSystemTime(start.getTime() + DAY - 60_000);
    expect((await detokenize(project, token)).status).toBe(200);
    vi.setSystemTime(start.getTime() + DAY + 60_000);
    expect((await detokenize(project, token)).status).toBe(200);
    vi.setSystemTime(start.getTime() + 2 * DAY);
    expectExpired(await detokenize(project, token));
  });
});

describe('last use', () => {
  it('detokenize records last_used_at at most once an hour, on the one-statement and the two-statement path', async () => {
    const project = await freshProject('Last use');
    const token = await tokenize(project);
    const created = (await row(token)).last_used_at;
    // Within the hour: unchanged.
    expect((await detokenize(project, token)).status).toBe(200);
    expect((await row(token)).last_used_at).toEqual(created);
    // Known id (this process made the token): the read statement records it.
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    await vault.runtime.db.sql.query('UPDATE tokens SET last_used_at = $2 WHERE token = $1', [token, twoHoursAgo]);
    const before = Date.now();
    expect((await detokenize(project, token)).status).toBe(200);
    expect((await row(token)).last_used_at.getTime()).toBeGreaterThanOrEqual(before - 1);
    // Unknown id (another node made it): read, audit row, then the UPDATE sent only because it is stale.
    await vault.runtime.db.sql.query('UPDATE tokens SET last_used_at = $2 WHERE token = $1', [token, twoHoursAgo]);
    forgetTokenId(project.projectId, token);
    const again = Date.now();
    expect((await detokenize(project, token)).status).toBe(200);
    expect((await row(token)).last_used_at.getTime()).toBeGreaterThanOrEqual(again - 1);
    const halfHourAgo = new Date(Date.now() - HOUR / 2);
    await vault.runtime.db.sql.query('UPDATE tokens SET last_used_at = $2 WHERE token = $1', [token, halfHourAgo]);
    forgetTokenId(project.projectId, token);
    expect((await detokenize(project, token)).status).toBe(200);
    expect((await row(token)).last_used_at).toEqual(halfHourAgo);
  });

  it('an expired token\'s use records nothing, not even its last use', async () => {
    const project = await freshProject('Expired use');
    const token = await tokenize(project, { ttl_seconds: 1 });
    const lastUsed = (await row(token)).last_used_at;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * HOUR);
    expectExpired(await detokenize(project, token));
    forgetTokenId(project.projectId, token);
    expectExpired(await detokenize(project, token));
    expect((await row(token)).last_used_at).toEqual(lastUsed);
  });
});

describe('detokenize and metadata', () => {
  it('answers the metadata beside data when there is some, and exactly as before when there is none', async () => {
    const project = await freshProject('Metadata reveal');
    const plain = await tokenize(project);
    const tagged = await tokenize(project, { metadata: { customer_id: 'cus_42', plan: 'gold' } });
    const card = { type: 'card', cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' };
    expect((await detokenize(project, plain)).json).toEqual({ success: true, data: card });
    expect((await detokenize(project, tagged)).json).toEqual({ success: true, data: card, metadata: { customer_id: 'cus_42', plan: 'gold' } });
  });
});
