// GET /api/usage (calls per UTC day from the audit log) and getProjectStats (the overview figures). Happy:
// real calls counted by category and outcome (a proxy call failing after its token read counts once, as a
// failure), every day of the range present, day boundaries in UTC, the application filter, any role.
// Errors: each bad query parameter a 400 naming it; unknown project or application 404. Security: no
// session 401, another account's project or application 404 both ways.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getApplicationsCallsPerDay } from '../../lib/usage/get-applications-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { getProjectStats, SECURITY_EVENTS_PREDICATE } from '../../lib/usage/get-project-stats';
import { rollUpAllProjects } from '../../lib/usage/roll-up-all-projects';
import { lastClosedDays } from '../../lib/usage/roll-up-days';
import { loginAs, type Stranger } from '../helpers/accounts';
import { makeMerchant } from '../helpers/checkout';
import { cardRequest } from '../helpers/fixtures';
import { expectError, expectFieldError, expectUnauthorized, managementCall, ROLES, startManagementVault } from '../helpers/management';
import { closedLoopbackPort } from '../helpers/psp-test-kit';
import type { TestVault } from '../helpers/test-vault';
import type { Role, TestUsers } from '../helpers/users';
import { writeAuditRowAt } from '../helpers/write-audit-row';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
let jwts: Record<Role, string>;
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';
const ZERO = { success: 0, failure: 0 };
const EMPTY_DAY = { tokenize: ZERO, proxy: ZERO, detokenize: ZERO, test_tokens: ZERO };

type Project = { projectId: string; key: string; applicationId: string };

async function freshProject(name: string, accountId = users.accountId): Promise<Project> {
  const project = await createProject(vault.runtime, { accountId, name, environment: 'test' });
  const app = await createApplication(vault.runtime, { projectId: project.id, environment: 'test', name: `${name} app`, permissions: { tokenization: true, provisioning: false } });
  return { projectId: project.id, key: app.apiKey, applicationId: app.id };
}

const get = (who: Role, query: string) => managementCall(vault, jwts[who], 'GET', `/api/usage?${query}`);
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** An audit row as the vault writes one for an API call (for days other than today). */
function auditRow(project: Project, row: { action: string; outcome: 'success' | 'failure'; at: string; requestId?: string; applicationId?: string | null; tokenId?: string }) {
  return writeAuditRowAt(
    vault.runtime,
    {
      action: row.action,
      outcome: row.outcome,
      statusCode: row.outcome === 'success' ? 200 : 400,
      accountId: users.accountId,
      projectId: project.projectId,
      applicationId: row.applicationId === undefined ? project.applicationId : row.applicationId,
      requestId: row.requestId ?? randomUUID(),
      tokenId: row.tokenId ?? null,
    },
    new Date(row.at),
  );
}

beforeAll(async () => {
  ({ vault, users, jwts, stranger } = await startManagementVault('usage'));
});
afterAll(() => vault?.close());

describe('usage — happy', () => {
  it('counts today\'s real calls by category and outcome; a proxy call failing after its token read counts once, as a failure', async () => {
    const project = await freshProject('usage live');
    const call = (path: string, json: unknown) => vault.call('POST', path, { key: project.key, json });
    const first = await call('/tokenize', cardRequest());
    expect(first.status).toBe(201);
    expect((await call('/tokenize', cardRequest({ cardNumber: '5555555555554444' }))).status).toBe(201);
    expect((await call('/tokenize', cardRequest({ cardNumber: '1234' }))).status).toBe(400);
    expect((await call('/detokenize', { token: first.json.token })).status).toBe(200);
    expect((await call('/detokenize', { token: 'tok_AAAAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(404);
    const failedProxy = await call('/proxy/transaction', { token: first.json.token, proxy_url: `https://localhost:${await closedLoopbackPort()}/`, request_data: {} });
    expect(failedProxy.status).toBe(502);
    // That call wrote two rows (the token read, then the failure) under one request id.
    expect(await vault.runtime.db.prisma.auditLog.count({ where: { requestId: failedProxy.headers.get('x-request-id')! } })).toBe(2);
    expect((await call('/proxy/transaction', { token: 'tok_AAAAAAAAAAAAAAAAAAAAAAAA', proxy_url: 'https://psp.example/', request_data: {} })).status).toBe(404);
    expect((await call('/test-tokens', { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' })).status).toBe(201);

    const response = await get('viewer', `project_id=${project.projectId}`);
    expect(response.status, response.text).toBe(200);
    const counts = { tokenize: { success: 2, failure: 1 }, proxy: { success: 0, failure: 2 }, detokenize: { success: 1, failure: 1 }, test_tokens: { success: 1, failure: 0 } };
    const days = Array.from({ length: 30 }, (_, index) => ({ date: daysBefore(today(), 29 - index), ...(index === 29 ? counts : EMPTY_DAY) }));
    expect(response.json).toEqual({
      success: true,
      data: { project_id: project.projectId, application_id: null, from: daysBefore(today(), 29), to: today(), interval: 'day', days, totals: counts },
    });
  });

  it('counts whole UTC days from `from` to `to` inclusive, zeros filled, other projects and other actions left out', async () => {
    const project = await freshProject('usage days');
    const other = await freshProject('usage other');
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: '2025-03-01T00:00:00.000Z' });
    await auditRow(project, { action: 'tokenize', outcome: 'failure', at: '2025-03-01T12:00:00.000Z' });
    await auditRow(project, { action: 'test_token.create', outcome: 'success', at: '2025-03-02T08:00:00.000Z', applicationId: null });
    await auditRow(project, { action: 'detokenize', outcome: 'success', at: '2025-03-03T23:59:59.999Z' });
    // A proxy call that failed after reading its token, and one that succeeded.
    await auditRow(project, { action: 'proxy.transaction', outcome: 'success', at: '2025-03-03T10:00:00.000Z', requestId: 'req-pair' });
    // Its failure row carries the token it read (a call refused before its token has none).
    await auditRow(project, { action: 'proxy.transaction', outcome: 'failure', at: '2025-03-03T10:00:00.050Z', requestId: 'req-pair', tokenId: randomUUID() });
    await auditRow(project, { action: 'proxy.transaction', outcome: 'success', at: '2025-03-03T11:00:00.000Z' });
    // Outside the range, another project's, and actions that are not calls counted here.
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: '2025-02-28T23:59:59.999Z' });
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: '2025-03-04T00:00:00.000Z' });
    await auditRow(other, { action: 'tokenize', outcome: 'success', at: '2025-03-02T08:00:00.000Z' });
    await auditRow(project, { action: 'checkout.tokenize', outcome: 'success', at: '2025-03-02T08:00:00.000Z' });
    await auditRow(project, { action: 'token.delete', outcome: 'success', at: '2025-03-02T08:00:00.000Z' });

    // Date-times are read as their UTC day.
    const response = await get('developer', `project_id=${project.projectId}&from=2025-03-01T00:30:00%2B01:00&to=2025-03-03T22:00:00Z&interval=day`);
    expect(response.status, response.text).toBe(200);
    expect(response.json.data).toEqual({
      project_id: project.projectId,
      application_id: null,
      from: '2025-02-28',
      to: '2025-03-03',
      interval: 'day',
      days: [
        { date: '2025-02-28', ...EMPTY_DAY, tokenize: { success: 1, failure: 0 } },
        { date: '2025-03-01', ...EMPTY_DAY, tokenize: { success: 1, failure: 1 } },
        { date: '2025-03-02', ...EMPTY_DAY, test_tokens: { success: 1, failure: 0 } },
        { date: '2025-03-03', ...EMPTY_DAY, detokenize: { success: 1, failure: 0 }, proxy: { success: 1, failure: 1 } },
      ],
      totals: { tokenize: { success: 2, failure: 1 }, proxy: { success: 1, failure: 1 }, detokenize: { success: 1, failure: 0 }, test_tokens: { success: 1, failure: 0 } },
    });

    // The dashboard's sparklines count each application's calls the same way, in one query for the list.
    const perApplication = await getApplicationsCallsPerDay(vault.runtime, { projectId: project.projectId, applicationIds: [project.applicationId, randomUUID()], from: '2025-02-28', to: '2025-03-03' });
    expect([...perApplication.values()]).toEqual([
      [1, 2, 0, 3],
      [0, 0, 0, 0],
    ]);

    const oneDay = await get('owner', `project_id=${project.projectId}&from=2025-03-04&to=2025-03-04`);
    expect(oneDay.json.data.days).toEqual([{ date: '2025-03-04', ...EMPTY_DAY, tokenize: { success: 1, failure: 0 } }]);
    const empty = await get('owner', `project_id=${project.projectId}&from=2024-01-01&to=2024-12-31`);
    expect(empty.status).toBe(200);
    expect(empty.json.data.days).toHaveLength(366);
    expect(empty.json.data.totals).toEqual(EMPTY_DAY);
  });

  it('application_id counts only the calls made with that application\'s key', async () => {
    const project = await freshProject('usage apps');
    const second = await createApplication(vault.runtime, { projectId: project.projectId, environment: 'test', name: 'second', permissions: { tokenization: true, provisioning: false } });
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: '2025-05-10T10:00:00Z' });
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: '2025-05-10T10:00:00Z', applicationId: second.id });
    await auditRow(project, { action: 'tokenize', outcome: 'failure', at: '2025-05-10T10:00:00Z', applicationId: second.id });
    const response = await get('viewer', `project_id=${project.projectId}&application_id=${second.id}&from=2025-05-10&to=2025-05-10`);
    expect(response.json.data).toMatchObject({ application_id: second.id, totals: { ...EMPTY_DAY, tokenize: { success: 1, failure: 1 } } });
    // A revoked application's history stays readable.
    await vault.runtime.db.prisma.application.update({ where: { id: second.id }, data: { revokedAt: new Date() } });
    expect((await get('viewer', `project_id=${project.projectId}&application_id=${second.id}&from=2025-05-10&to=2025-05-10`)).status).toBe(200);
  });

  it('a closed day is counted once into usage_days (per application and action); the open days are counted live', async () => {
    const project = await freshProject('usage roll-up');
    const second = await createApplication(vault.runtime, { projectId: project.projectId, environment: 'test', name: 'second', permissions: { tokenization: true, provisioning: false } });
    const closed = daysBefore(today(), 3);
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: `${closed}T10:00:00.000Z` });
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: `${closed}T11:00:00.000Z`, applicationId: second.id });
    await auditRow(project, { action: 'tokenize', outcome: 'failure', at: `${closed}T12:00:00.000Z`, applicationId: second.id });
    const range = `project_id=${project.projectId}&from=${closed}&to=${today()}`;
    const first = await get('viewer', range);
    expect(first.json.data.totals.tokenize).toEqual({ success: 2, failure: 1 });
    const stored = await vault.runtime.db.sql.query<{ application_key: string; success_rows: number; failure_rows: number }>(
      "SELECT application_key, success_rows, failure_rows FROM usage_days WHERE project_id = $1::uuid ORDER BY application_key = '', application_key",
      [project.projectId],
    );
    expect(stored).toEqual(
      [
        { application_key: project.applicationId, success_rows: 1, failure_rows: 0 },
        { application_key: second.id, success_rows: 1, failure_rows: 1 },
      ].sort((a, b) => a.application_key.localeCompare(b.application_key)),
    );
    // Every day of the range before the open ones is marked counted, the ones without calls too.
    const marked = await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_rollups WHERE project_id = $1::uuid', [project.projectId]);
    expect(marked[0]!.n).toBeGreaterThanOrEqual(3);
    // A row written into a counted day afterwards (no writer does: rows are stamped when written) is not
    // counted again; a call today is, live.
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: `${closed}T13:00:00.000Z` });
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: new Date().toISOString() });
    const again = await get('viewer', range);
    expect(again.json.data.totals.tokenize).toEqual({ success: 3, failure: 1 });
    expect(again.json.data.days.find((day: { date: string }) => day.date === closed).tokenize).toEqual({ success: 2, failure: 1 });
    const oneApplication = await get('viewer', `${range}&application_id=${second.id}`);
    expect(oneApplication.json.data.totals.tokenize).toEqual({ success: 1, failure: 1 });
    // The dashboard's sparklines read the same counted days (the late row is not counted again) and today live.
    const perApplication = await getApplicationsCallsPerDay(vault.runtime, { projectId: project.projectId, applicationIds: [project.applicationId, second.id], from: closed, to: today() });
    expect([...perApplication.values()]).toEqual([
      [1, 0, 0, 1],
      [2, 0, 0, 0],
    ]);
  });

  it('the hourly job counts every project\'s last 30 closed days ahead of any read, one day per statement', async () => {
    expect(lastClosedDays(new Date('2025-03-10T00:30:00.000Z'), 3)).toEqual(['2025-03-06', '2025-03-07', '2025-03-08']);
    expect(lastClosedDays(new Date('2025-03-10T01:30:00.000Z'), 2)).toEqual(['2025-03-08', '2025-03-09']);
    const project = await freshProject('usage job');
    const closed = daysBefore(today(), 2);
    await auditRow(project, { action: 'tokenize', outcome: 'success', at: `${closed}T10:00:00.000Z` });
    await auditRow(project, { action: 'detokenize', outcome: 'failure', at: `${closed}T11:00:00.000Z` });
    // A stopping process ends the job before its next project.
    await expect(rollUpAllProjects(vault.runtime, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect((await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_rollups WHERE project_id = $1::uuid', [project.projectId]))[0]!.n).toBe(0);
    expect(await rollUpAllProjects(vault.runtime)).toBeGreaterThanOrEqual(1);
    const stored = await vault.runtime.db.sql.query<{ day: string; action: string; success_rows: number; failure_rows: number }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, action, success_rows, failure_rows FROM usage_days WHERE project_id = $1::uuid ORDER BY action",
      [project.projectId],
    );
    expect(stored).toEqual([
      { day: closed, action: 'detokenize', success_rows: 0, failure_rows: 1 },
      { day: closed, action: 'tokenize', success_rows: 1, failure_rows: 0 },
    ]);
    const marked = await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_rollups WHERE project_id = $1::uuid', [project.projectId]);
    expect(marked[0]!.n).toBe(30);
    // A read after it takes the counted day as it is.
    const read = await get('viewer', `project_id=${project.projectId}&from=${closed}&to=${closed}`);
    expect(read.json.data.totals).toEqual({ ...EMPTY_DAY, tokenize: { success: 1, failure: 0 }, detokenize: { success: 0, failure: 1 } });
  });

  it('every role reads it, with the Bearer JWT or the cookie; `to` alone ends a 30-day range', async () => {
    const project = await freshProject('usage roles');
    for (const role of ROLES) expect((await get(role, `project_id=${project.projectId}`)).status).toBe(200);
    const cookie = await managementCall(vault, jwts.viewer, 'GET', `/api/usage?project_id=${project.projectId}&to=2025-01-30`, { cookie: true });
    expect(cookie.status).toBe(200);
    expect(cookie.json.data).toMatchObject({ from: '2025-01-01', to: '2025-01-30' });
    expect(cookie.json.data.days).toHaveLength(30);
  });
});

describe('usage — errors', () => {
  it.each([
    ['', 'project_id', 'project_id is required'],
    ['project_id=nope', 'project_id', 'project_id must be a UUID'],
    ['project_id={p}&application_id=nope', 'application_id', 'application_id must be a UUID'],
    ['project_id={p}&from=yesterday', 'from', 'from must be an ISO 8601 date or date-time with offset'],
    ['project_id={p}&to=2025-02-30', 'to', 'to must be an ISO 8601 date or date-time with offset'],
    ['project_id={p}&to=2025-02-10T10:00:00', 'to', 'to must be an ISO 8601 date or date-time with offset'],
    ['project_id={p}&from=2025-03-01&to=2025-02-28', 'to', 'to must not be before from'],
    ['project_id={p}&from=2999-01-01', 'from', 'from must not be after today (UTC) when to is not given'],
    ['project_id={p}&from=2024-01-01&to=2025-01-01', 'from', 'from must be at most 366 days before to (inclusive)'],
    ['project_id={p}&interval=week', 'interval', 'interval must be day'],
    ['project_id={p}&interval=', 'interval', 'interval must be day'],
    ['project_id={p}&projectId=x', 'projectId', 'Unrecognized field'],
  ])('GET /api/usage?%s → 400 naming %s', async (query, path, message) => {
    expectFieldError(await get('viewer', query.replace('{p}', vault.tenants.test.projectId)), path, message);
  });

  it('an unknown project → 404 Project not found; an application of another project or unknown → 404 Application not found', async () => {
    expectError(await get('viewer', `project_id=${UNKNOWN_ID}`), 404, 'not_found', 'Project not found');
    const otherApp = vault.tenants.other.applicationId;
    expectError(await get('viewer', `project_id=${vault.tenants.test.projectId}&application_id=${otherApp}`), 404, 'not_found', 'Application not found');
    expectError(await get('viewer', `project_id=${vault.tenants.test.projectId}&application_id=${UNKNOWN_ID}`), 404, 'not_found', 'Application not found');
  });

  it('other methods → 405 with Allow: GET', async () => {
    const response = await managementCall(vault, jwts.owner, 'POST', '/api/usage', { json: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('usage — security', () => {
  it('needs a session: none, a garbage JWT or an API key alone → 401', async () => {
    const path = `/api/usage?project_id=${vault.tenants.test.projectId}`;
    expectUnauthorized(await managementCall(vault, null, 'GET', path));
    expectUnauthorized(await managementCall(vault, 'not.a.jwt', 'GET', path));
    expectUnauthorized(await vault.call('GET', path));
  });

  it('another account\'s project or application is 404, both ways', async () => {
    expectError(await managementCall(vault, stranger.token, 'GET', `/api/usage?project_id=${vault.tenants.test.projectId}`), 404, 'not_found', 'Project not found');
    expectError(await get('owner', `project_id=${stranger.projectId}`), 404, 'not_found', 'Project not found');
    const theirs = await freshProject('stranger usage', stranger.accountId);
    expectError(await get('owner', `project_id=${vault.tenants.test.projectId}&application_id=${theirs.applicationId}`), 404, 'not_found', 'Application not found');
    expectError(
      await managementCall(vault, stranger.token, 'GET', `/api/usage?project_id=${theirs.projectId}&application_id=${vault.tenants.test.applicationId}`),
      404,
      'not_found',
      'Application not found',
    );
  });
});

describe('getProjectStats', () => {
  it('tokens stored, checkout sessions by status (past-deadline open ones as expired), the account\'s last 10 security events', async () => {
    const project = await freshProject('stats');
    for (const cardNumber of ['4242424242424242', '5555555555554444', '378282246310005']) {
      expect((await vault.call('POST', '/tokenize', { key: project.key, json: cardRequest({ cardNumber }) })).status).toBe(201);
    }
    const merchant = await makeMerchant(vault, { projectId: project.projectId });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await vault.call('POST', '/api/sessions/create', {
        key: project.key,
        json: { merchantId: merchant.id, amount: '10.50', currency: 'EUR', successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/cancel', errorUrl: 'https://shop.example/error' },
        headers: { 'x-service-api-key': merchant.serviceApiKey },
      });
      expect(response.status, response.text).toBe(201);
      ids.push(response.json.sessionId);
    }
    const { prisma } = vault.runtime.db;
    await prisma.checkoutSession.update({ where: { id: ids[0] }, data: { status: 'completed', completedAt: new Date() } });
    await prisma.checkoutSession.update({ where: { id: ids[1] }, data: { status: 'cancelled' } });
    await prisma.checkoutSession.update({ where: { id: ids[2] }, data: { expiresAt: new Date(Date.now() - 1000) } });

    // Security events: a failed login of a member, a refused call; a successful login and tokenize are not.
    const failedLogin = await vault.call('POST', '/auth/login', { key: null, json: { email: users.viewer.email, password: 'wrong password 1' } });
    expect(failedLogin.status).toBe(401);
    const refused = await managementCall(vault, jwts.viewer, 'DELETE', `/api/applications/${project.applicationId}`);
    expect(refused.status).toBe(403);
    await loginAs(vault, users.viewer.email);

    const stats = await getProjectStats(vault.runtime, { accountId: users.accountId, projectId: project.projectId });
    expect(stats.tokensStored).toBe(3);
    expect(stats.checkoutSessionsByStatus).toEqual({ open: 2, completed: 1, cancelled: 1, expired: 1 });
    expect(stats.recentSecurityEvents.length).toBeLessThanOrEqual(10);
    const [newest, next] = stats.recentSecurityEvents;
    expect(newest).toMatchObject({ action: 'application.delete', outcome: 'failure', status_code: 403, actor: { type: 'user', id: users.viewer.id, application_id: null }, resource: `application:${project.applicationId}` });
    expect(next).toMatchObject({ action: 'auth.login', outcome: 'failure', status_code: 401, actor: { type: 'user', id: users.viewer.id } });
    expect(stats.recentSecurityEvents.every((event) => event.action !== 'tokenize' && !(event.action === 'auth.login' && event.outcome === 'success'))).toBe(true);
    expect(Object.keys(newest!).sort()).toEqual(['action', 'actor', 'created_at', 'id', 'ip', 'outcome', 'project_id', 'request_id', 'resource', 'sealed', 'status_code', 'token_id']);

    // At most 10, newest first.
    for (let i = 0; i < 12; i += 1) {
      await writeAuditRowAt(vault.runtime, { action: 'member.update', outcome: 'success', statusCode: 200, accountId: users.accountId, userId: users.owner.id, requestId: `stats-${i}` });
    }
    const capped = await getProjectStats(vault.runtime, { accountId: users.accountId, projectId: project.projectId });
    expect(capped.recentSecurityEvents.map((event) => event.request_id)).toEqual(Array.from({ length: 10 }, (_, i) => `stats-${11 - i}`));

    // An API key an operator made with `vault app create` is one too (as are the operator's other actions).
    await writeAuditRowAt(vault.runtime, { action: 'application.create_by_operator', outcome: 'success', statusCode: 201, accountId: users.accountId, requestId: 'cli-app-create' });
    const withOperator = await getProjectStats(vault.runtime, { accountId: users.accountId, projectId: project.projectId });
    expect(withOperator.recentSecurityEvents[0]).toMatchObject({ action: 'application.create_by_operator', request_id: 'cli-app-create' });
  });

  it('tokens stored follows every write and delete: the vault\'s inserts (grouped or not), a bulk SQL insert, a delete, a deleted project', async () => {
    const project = await freshProject('token counts');
    const stored = async () => (await getProjectStats(vault.runtime, { accountId: users.accountId, projectId: project.projectId })).tokensStored;
    expect(await stored()).toBe(0);
    const made = await Promise.all(Array.from({ length: 6 }, () => vault.call('POST', '/tokenize', { key: project.key, json: cardRequest() })));
    expect(made.map((response) => response.status)).toEqual(Array(6).fill(201));
    expect(await stored()).toBe(6);
    const deleted = await managementCall(vault, jwts.owner, 'DELETE', `/api/tokens/${made[0]!.json.token}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await stored()).toBe(5);
    // Rows written by SQL, not by the vault (an import, a bulk load), are counted by the same trigger.
    await vault.runtime.db.sql.query(
      `INSERT INTO tokens (id, token, project_id, type, ciphertext, key_version, mask, last4, fingerprint, test_mode, created_at)
       SELECT gen_random_uuid(), 'tok_count_' || g, $1::uuid, 'card', '\\x00', 1, '424242******4242', '4242', md5(g::text), true, now() FROM generate_series(1, 3) g`,
      [project.projectId],
    );
    expect(await stored()).toBe(8);
    await vault.runtime.db.prisma.project.delete({ where: { id: project.projectId } });
    const left = await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM project_token_counts WHERE project_id = $1::uuid', [project.projectId]);
    expect(left).toEqual([{ n: 0 }]);
  });

  it('finds the events through the partial index made for them: its latest migration has the very predicate the query uses', () => {
    const migrations = path.join(process.cwd(), 'prisma', 'migrations');
    const creating = readdirSync(migrations)
      .sort()
      .map((name) => path.join(migrations, name, 'migration.sql'))
      .filter((file) => existsSync(file) && readFileSync(file, 'utf8').includes('CREATE INDEX "audit_logs_security_events_idx"'));
    expect(readFileSync(creating.at(-1)!, 'utf8')).toContain(`WHERE (${SECURITY_EVENTS_PREDICATE})`);
  });

  it('another account\'s project → 404; another account\'s events are never listed', async () => {
    await expect(getProjectStats(vault.runtime, { accountId: users.accountId, projectId: stranger.projectId })).rejects.toMatchObject({ status: 404, message: 'Project not found' });
    const theirs = await getProjectStats(vault.runtime, { accountId: stranger.accountId, projectId: stranger.projectId });
    expect(theirs).toEqual({ tokensStored: 0, checkoutSessionsByStatus: { open: 0, completed: 0, cancelled: 0, expired: 0 }, recentSecurityEvents: [] });
  });
});
