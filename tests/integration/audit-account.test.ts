// Issue 10, audit: rows carry the account id, so the rows of a deleted project and of a removed member stay
// listed (and verified) for their account, and never for another. Rows from before account_id are found by
// the account's current projects and users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/auth/passwords';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { withAuditTriggerOff } from '../helpers/audit-tamper';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { writeAuditRowAt } from '../helpers/write-audit-row';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let database: OwnDatabase;
let users: TestUsers;
let owner: string;
let stranger: Stranger;
beforeAll(async () => {
  // A database of its own: this file edits audit rows (triggers off) to prove verification catches it,
  // which must not break other files' verifications running at the same time.
  database = await ownDatabase();
  vault = await startTestVault({ env: database.env });
  users = await seedUsers(vault, 'audit-account');
  owner = await loginAs(vault, users.owner.email);
  stranger = await seedStranger(vault);
});
afterAll(async () => {
  await vault?.close();
  await database?.drop();
});

const as = (token: string, method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${token}` } });
const rowOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
type Listed = { id: string; action: string; project_id: string | null; actor: { type: string; id: string } | null; request_id?: string; created_at?: string };
const listed = async (token: string, query: string): Promise<Listed[]> => {
  const response = await as(token, 'GET', `/api/audit-logs?limit=100&${query}`);
  expect(response.status).toBe(200);
  return response.json.data;
};

const withTriggerOff = (run: Parameters<typeof withAuditTriggerOff>[1]) => withAuditTriggerOff(vault.runtime.db.sql, run);

describe('new rows carry the account id', () => {
  it('a tokenize call (API key), a dashboard action (JWT) and a login', async () => {
    const tokenized = await vault.call('POST', '/tokenize', { json: cardRequest() });
    expect(tokenized.status).toBe(201);
    expect(await rowOf(tokenized)).toMatchObject({ action: 'tokenize', outcome: 'success', accountId: users.accountId, projectId: vault.tenants.test.projectId });

    const application = await as(owner, 'POST', '/api/applications', { name: 'Account audit app', permissions: { tokenization: { allowed: true } } });
    expect(application.status).toBe(201);
    expect(await rowOf(application)).toMatchObject({ action: 'application.create', outcome: 'success', accountId: users.accountId, userId: users.owner.id });

    const login = await vault.call('POST', '/auth/login', { key: null, json: { email: users.developer.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(await rowOf(login)).toMatchObject({ action: 'auth.login', outcome: 'success', accountId: users.accountId, userId: users.developer.id });

    const wrong = await vault.call('POST', '/auth/login', { key: null, json: { email: users.viewer.email, password: 'not the password 1' } });
    expect(wrong.status).toBe(401);
    expect(await rowOf(wrong)).toMatchObject({ action: 'auth.login', outcome: 'failure', accountId: users.accountId, userId: users.viewer.id });
  });

  it('no account where none is known: an unknown email, an invalid API key', async () => {
    const unknown = await vault.call('POST', '/auth/login', { key: null, json: { email: 'nobody-audit-account@example.com', password: TEST_PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(await rowOf(unknown)).toMatchObject({ action: 'auth.login', outcome: 'failure', accountId: null, userId: null });

    const refused = await vault.call('POST', '/tokenize', { json: cardRequest(), key: 'vk_test_0000000000000000000000000000' });
    expect(refused.status).toBe(401);
    expect(await rowOf(refused)).toMatchObject({ action: 'tokenize', outcome: 'failure', accountId: null, projectId: null, applicationId: null });
  });
});

describe('a deleted project\'s rows', () => {
  let projectId: string;
  let applicationId: string;
  let tokenizeRowId: string;

  it('stay listed, filterable and exported for its account after DELETE /api/projects/{id}', async () => {
    const project = await as(owner, 'POST', '/api/projects', { name: 'Doomed audit project' });
    expect(project.status).toBe(201);
    projectId = project.json.data.id;
    const application = await as(owner, 'POST', '/api/applications', { name: 'Doomed app', project_id: projectId, permissions: { tokenization: { allowed: true } } });
    expect(application.status).toBe(201);
    applicationId = application.json.data.id;
    // A row of the project's own key: no user names the account, only the project did.
    const tokenized = await vault.call('POST', '/tokenize', { json: cardRequest(), key: application.json.data.api_key });
    expect(tokenized.status).toBe(201);
    const row = await rowOf(tokenized);
    tokenizeRowId = row.id;

    expect((await as(owner, 'DELETE', `/api/projects/${projectId}`)).status).toBe(200);
    expect(await vault.runtime.db.prisma.project.count({ where: { id: projectId } })).toBe(0);

    const tokenizeRows = (await listed(owner, 'action=tokenize')).filter((listedRow) => listedRow.project_id === projectId);
    expect(tokenizeRows).toEqual([
      {
        id: row.id,
        action: 'tokenize',
        outcome: 'success',
        status_code: 201,
        actor: { type: 'application', id: applicationId },
        project_id: projectId,
        token_id: row.tokenId,
        resource: null,
        ip: '127.0.0.1',
        request_id: tokenized.headers.get('x-request-id'),
        created_at: row.createdAt.toISOString(),
        sealed: true,
      },
    ]);
    // The deleted project is still a filter over the account's rows: its whole history, newest first.
    expect((await listed(owner, `project_id=${projectId}`)).map((listedRow) => [listedRow.action, listedRow.project_id])).toEqual([
      ['project.delete', projectId],
      ['tokenize', projectId],
      ['application.create', projectId],
      ['project.create', projectId],
    ]);
    const csv = await as(owner, 'GET', `/api/audit-logs/export?project_id=${projectId}`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.startsWith(`${row.id},`))).toHaveLength(1);
  });

  it('are never listed for another account (and its project_id is 404 there)', async () => {
    expect((await listed(stranger.token, 'action=tokenize')).filter((row) => row.project_id === projectId)).toEqual([]);
    expect((await listed(stranger.token, 'action=project.delete')).filter((row) => row.project_id === projectId)).toEqual([]);
    const filtered = await as(stranger.token, 'GET', `/api/audit-logs?project_id=${projectId}`);
    expect(filtered.status).toBe(404);
    expect(filtered.json.error).toEqual({ code: 'not_found', message: 'Project not found' });
    // An id that never was a project is 404 for the account too.
    expect((await as(owner, 'GET', '/api/audit-logs?project_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('stay in the account\'s verification: an edited row of the deleted project is named', async () => {
    expect((await as(owner, 'GET', '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
    await withTriggerOff((sql) => sql.query('UPDATE audit_logs SET status_code = 500 WHERE id = $1::uuid', [tokenizeRowId]));
    try {
      expect((await as(owner, 'GET', '/api/audit-logs/verify')).json).toMatchObject({ success: true, valid: false, first_broken_id: tokenizeRowId });
      expect((await as(stranger.token, 'GET', '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
    } finally {
      await withTriggerOff((sql) => sql.query('UPDATE audit_logs SET status_code = 201 WHERE id = $1::uuid', [tokenizeRowId]));
    }
    expect((await as(owner, 'GET', '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
  });

  it('name a row inserted with SQL as not written by the vault (valid: false), never sealed', async () => {
    const forged = '00000000-0000-4000-8000-00000000a0a0';
    await vault.runtime.db.sql.query(
      `INSERT INTO audit_logs (id, action, outcome, status_code, account_id, request_id) VALUES ($1::uuid, 'detokenize', 'success', 200, $2::uuid, 'forged')`,
      [forged, users.accountId],
    );
    try {
      expect((await as(owner, 'GET', '/api/audit-logs/verify')).json).toMatchObject({
        success: true,
        valid: false,
        first_broken_id: forged,
        reason: `not written by the vault: ${forged}`,
      });
      const [sealed] = await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_seals WHERE $1::uuid = ANY(row_ids)', [forged]);
      expect(sealed!.n).toBe(0);
      expect((await as(stranger.token, 'GET', '/api/audit-logs/verify')).json).toMatchObject({ valid: true, reason: null });
    } finally {
      await withTriggerOff(async (sql) => {
        await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_delete');
        await sql.query('DELETE FROM audit_logs WHERE id = $1::uuid', [forged]);
        await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_no_delete');
      });
    }
    expect((await as(owner, 'GET', '/api/audit-logs/verify')).json).toMatchObject({ valid: true, reason: null });
  });
});

describe('a removed member\'s rows', () => {
  it('stay listed for the account after DELETE /api/members/{id}, never for another account', async () => {
    const email = `removed-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const member = await vault.runtime.db.prisma.user.create({
      data: { accountId: users.accountId, email, passwordHash: await hashPassword(TEST_PASSWORD), role: 'developer', name: 'leaving' },
      select: { id: true },
    });
    const token = await loginAs(vault, email);
    expect((await as(token, 'GET', '/api/audit-logs?limit=1')).status).toBe(200);

    expect((await as(owner, 'DELETE', `/api/members/${member.id}`)).status).toBe(200);
    expect(await vault.runtime.db.prisma.user.count({ where: { id: member.id } })).toBe(0);

    const rows = await listed(owner, `actor=${member.id}`);
    expect(rows.map((row) => [row.action, row.actor])).toEqual([
      ['audit.list', { type: 'user', id: member.id, application_id: null }],
      ['auth.login', { type: 'user', id: member.id, application_id: null }],
    ]);
    expect(await listed(stranger.token, `actor=${member.id}`)).toEqual([]);
  });
});

describe('which rows are the account\'s', () => {
  const write = (entry: { action: string; accountId: string | null; projectId: string; requestId: string }) =>
    vault.runtime.audit.write({ outcome: 'success', statusCode: 201, ip: '127.0.0.1', ...entry });

  it('a row from before account_id (null) is found by the account\'s current project', async () => {
    await write({ action: 'legacy.row', accountId: null, projectId: vault.tenants.test.projectId, requestId: 'legacy-row' });
    expect((await listed(owner, 'action=legacy.row')).map((row) => row.project_id)).toEqual([vault.tenants.test.projectId]);
    expect(await listed(stranger.token, 'action=legacy.row')).toEqual([]);
  });

  it('pages merge the account\'s rows and its rows from before account_id, newest first by created_at, without repeats or gaps', async () => {
    // Written out of time order: the list follows created_at (then insertion), not the order of writing.
    const stamps = ['2026-03-05T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-04T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-03T10:00:00.000Z', '2026-03-03T10:00:00.000Z'];
    for (const [index, at] of stamps.entries()) {
      await writeAuditRowAt(
        vault.runtime,
        { action: 'merge.row', outcome: 'success', statusCode: 200, accountId: index % 2 ? null : users.accountId, projectId: vault.tenants.test.projectId, requestId: `merge-${index}` },
        new Date(at),
      );
    }
    const seen: Listed[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await as(owner, 'GET', `/api/audit-logs?action=merge.row&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.json.data);
      cursor = page.json.next_cursor;
    } while (cursor);
    // The two rows of 03-03 in the order written, newest (the later one) first.
    expect(seen.map((row) => row.request_id)).toEqual(['merge-0', 'merge-2', 'merge-5', 'merge-4', 'merge-3', 'merge-1']);
    expect(seen.map((row) => row.created_at)).toEqual([...stamps].sort().reverse());
    expect(await listed(stranger.token, 'action=merge.row')).toEqual([]);
    // A cursor of the earlier form (a bare sequence number), or anything else, is a 400 naming it.
    for (const bad of [Buffer.from('12345').toString('base64url'), 'not-a-cursor']) {
      const refused = await as(owner, 'GET', `/api/audit-logs?cursor=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.json.error.fields).toEqual([{ path: 'cursor', message: 'cursor is not valid' }]);
    }
  });

  it('a row with an account id is that account\'s only, whatever project it names', async () => {
    await write({ action: 'cross.row', accountId: stranger.accountId, projectId: vault.tenants.test.projectId, requestId: 'cross-row' });
    expect(await listed(owner, 'action=cross.row')).toEqual([]);
    expect((await listed(stranger.token, 'action=cross.row')).map((row) => row.action)).toEqual(['cross.row']);
  });
});
