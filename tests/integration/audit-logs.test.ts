// GET /api/audit-logs (+ export, verify): the account's rows only, filters, cursor pages, CSV, and the
// hash chain catching an edited row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardRequest } from '../helpers/fixtures';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let database: OwnDatabase;
let vault: TestVault;
let users: TestUsers;
let owner: string;
let viewer: string;
beforeAll(async () => {
  // A database of its own: the audit chain is installation-wide. This file edits audit rows (triggers off),
  // which must not stop other files' sealers, and asserts what is sealed, which other files' rows must not decide.
  database = await ownDatabase();
  vault = await startTestVault({ env: database.env });
  users = await seedUsers(vault, 'audit');
  owner = (await vault.call('POST', '/auth/login', { key: null, json: { email: users.owner.email, password: TEST_PASSWORD } })).json.token;
  viewer = (await vault.call('POST', '/auth/login', { key: null, json: { email: users.viewer.email, password: TEST_PASSWORD } })).json.token;
  for (let i = 0; i < 3; i++) await vault.call('POST', '/tokenize', { json: cardRequest() });
  await vault.call('POST', '/tokenize', { json: cardRequest(), key: vault.tenants.test.keys.noPermission });
});
afterAll(async () => {
  await vault?.close();
  await database?.drop();
});

const get = (token: string, path: string) => vault.call('GET', path, { key: null, headers: { authorization: `Bearer ${token}` } });

describe('GET /api/audit-logs', () => {
  it('lists the account rows, newest first, with who, what, outcome, origin and resource', async () => {
    const response = await get(viewer, '/api/audit-logs?action=tokenize');
    expect(response.status).toBe(200);
    const rows = response.json.data;
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      id: expect.any(String),
      action: 'tokenize',
      outcome: 'failure',
      status_code: 403,
      actor: { type: 'application', id: expect.any(String) },
      project_id: vault.tenants.test.projectId,
      token_id: null,
      resource: null,
      ip: '127.0.0.1',
      request_id: expect.any(String),
      created_at: expect.any(String),
      sealed: true,
    });
    expect(rows.slice(1).every((row: { outcome: string; token_id: string }) => row.outcome === 'success' && row.token_id)).toBe(true);
    const logins = (await get(viewer, `/api/audit-logs?action=auth.login&actor=${users.owner.id}`)).json.data;
    expect(logins).toHaveLength(1);
    expect(logins[0].actor).toEqual({ type: 'user', id: users.owner.id, application_id: null });
  });

  it('filters by outcome and project, pages with a cursor without repeats', async () => {
    const failures = (await get(owner, '/api/audit-logs?outcome=failure&action=tokenize')).json.data;
    expect(failures.map((row: { status_code: number }) => row.status_code)).toEqual([403]);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { json: { data: { id: string }[]; next_cursor: string | null } } = await get(owner, `/api/audit-logs?project_id=${vault.tenants.test.projectId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      for (const row of page.json.data) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
      }
      cursor = page.json.next_cursor;
      pages++;
    } while (cursor);
    expect(seen.size).toBe(4);
    expect(pages).toBe(2);
  });

  it.each([
    ['?outcome=maybe', 'outcome'],
    ['?limit=0', 'limit'],
    ['?from=yesterday', 'from'],
    ['?project_id=nope', 'project_id'],
  ])('validates %s', async (query, field) => {
    const response = await get(owner, `/api/audit-logs${query}`);
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((f: { path: string }) => f.path)).toEqual([field]);
  });

  it('another account sees none of these rows; no session → 401', async () => {
    const account = await vault.runtime.db.prisma.account.create({ data: { name: 'Other' } });
    const { hashPassword } = await import('../../lib/auth/passwords');
    await vault.runtime.db.prisma.user.create({ data: { accountId: account.id, email: 'other-audit@example.com', passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner' } });
    const other = (await vault.call('POST', '/auth/login', { key: null, json: { email: 'other-audit@example.com', password: TEST_PASSWORD } })).json.token;
    const rows = (await get(other, '/api/audit-logs')).json.data;
    expect(rows.every((row: { actor: { id: string } | null }) => row.actor?.id !== users.owner.id)).toBe(true);
    expect(rows.filter((row: { action: string }) => row.action === 'tokenize')).toEqual([]);
    expect((await get(other, `/api/audit-logs?project_id=${vault.tenants.test.projectId}`)).status).toBe(404);
    expect((await vault.call('GET', '/api/audit-logs', { key: null })).status).toBe(401);
  });
});

describe('the resource an action touched (PCI DSS 10.2.2)', () => {
  const send = (token: string, method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${token}` } });
  const latest = async (action: string) => (await get(owner, `/api/audit-logs?action=${action}&limit=1`)).json.data[0];

  it('member changes name the member, also when refused; creations name what they created', async () => {
    expect((await send(owner, 'PUT', `/api/members/${users.developer.id}`, { role: 'viewer' })).status).toBe(200);
    expect(await latest('member.update')).toMatchObject({ outcome: 'success', status_code: 200, resource: `user:${users.developer.id}`, actor: { type: 'user', id: users.owner.id } });

    expect((await send(viewer, 'DELETE', `/api/members/${users.admin.id}`)).status).toBe(403);
    expect(await latest('member.remove')).toMatchObject({ outcome: 'failure', status_code: 403, resource: `user:${users.admin.id}`, actor: { type: 'user', id: users.viewer.id } });

    const invited = await send(owner, 'POST', '/api/members', { email: `invited-${Date.now()}@example.com`, role: 'viewer' });
    expect(invited.status).toBe(201);
    expect(await latest('member.invite')).toMatchObject({ outcome: 'success', resource: `user:${invited.json.data.id}` });

    const application = await send(owner, 'POST', '/api/applications', { name: 'Audited app', permissions: { tokenization: { allowed: true } } });
    expect(await latest('application.create')).toMatchObject({ resource: `application:${application.json.data.id}`, project_id: application.json.data.project_id });
    expect((await send(owner, 'DELETE', `/api/applications/${application.json.data.id}`)).status).toBe(200);
    expect(await latest('application.delete')).toMatchObject({ resource: `application:${application.json.data.id}` });
  });

  it('a signed-in user refused for their role leaves an access.denied row naming the route', async () => {
    expect((await get(viewer, '/api/audit-logs/export?action=tokenize')).status).toBe(403);
    expect(await latest('access.denied')).toMatchObject({
      outcome: 'failure',
      status_code: 403,
      actor: { type: 'user', id: users.viewer.id, application_id: null },
      resource: 'route:GET /api/audit-logs/export',
    });
  });

  it('rows with a resource are chained, and an edited resource breaks the chain', async () => {
    expect((await get(owner, '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
    const victim = await latest('member.update');
    const { sql } = vault.runtime.db;
    await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only');
    try {
      await sql.query(`UPDATE audit_logs SET resource = $2 WHERE id = $1::uuid`, [victim.id, `user:${users.owner.id}`]);
      expect((await get(owner, '/api/audit-logs/verify')).json).toMatchObject({ valid: false, first_broken_id: victim.id });
      await sql.query(`UPDATE audit_logs SET resource = $2 WHERE id = $1::uuid`, [victim.id, victim.resource]);
    } finally {
      await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only');
    }
    expect((await get(owner, '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
  });

  it('the append-only trigger refuses a change of resource', async () => {
    const victim = await latest('member.update');
    await expect(vault.runtime.db.sql.query(`UPDATE audit_logs SET resource = 'user:x' WHERE id = $1::uuid`, [victim.id])).rejects.toThrow(/audit_logs is append-only: UPDATE refused/);
  });
});

describe('export and verify', () => {
  it('exports CSV (owner/admin only)', async () => {
    const response = await get(owner, '/api/audit-logs/export?action=tokenize');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,action,outcome,status_code,actor_type,actor_id,application_id,project_id,token_id,resource,ip,request_id,sealed');
    expect(lines).toHaveLength(5);
    expect((await get(viewer, '/api/audit-logs/export')).status).toBe(403);
  });

  it('verifies the chain, and names the first edited row', async () => {
    const ok = await get(owner, '/api/audit-logs/verify');
    expect(ok.json).toEqual({ success: true, valid: true, checked: expect.any(Number), first_broken_id: null, reason: null });
    const victim = (await get(owner, '/api/audit-logs?action=tokenize&outcome=failure')).json.data[0].id;
    const { sql } = vault.runtime.db;
    await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only');
    await sql.query(`UPDATE audit_logs SET outcome = 'success' WHERE id = $1::uuid`, [victim]);
    await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only');
    const broken = await get(owner, '/api/audit-logs/verify');
    expect(broken.json).toMatchObject({ success: true, valid: false, first_broken_id: victim });
    expect((await get(viewer, '/api/audit-logs/verify')).status).toBe(403);
  });
});
