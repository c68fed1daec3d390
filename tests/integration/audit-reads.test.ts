// Issue 10, audit: Idempotency-Key replays and reads of the audit log write audit rows (PCI DSS 10.2.1);
// GET /api/audit-logs/verify checks only the caller's account's links of the chain and is limited per
// account. Security table: happy / error / attack for each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { COLUMNS, type AuditRow } from '../../lib/audit/audit-row';
import { seedStranger, loginAs, type Stranger } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { withAuditTriggerOff } from '../helpers/audit-tamper';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, type TestUsers } from '../helpers/users';

let vault: TestVault;
let database: OwnDatabase;
let users: TestUsers;
let owner: string;
let admin: string;
let stranger: Stranger;
beforeAll(async () => {
  // A database of its own: this file edits audit rows (triggers off) to prove verification catches it,
  // which must not break other files' verifications running at the same time.
  database = await ownDatabase();
  vault = await startTestVault({ env: database.env });
  users = await seedUsers(vault, 'audit-reads');
  owner = await loginAs(vault, users.owner.email);
  admin = await loginAs(vault, users.admin.email);
  stranger = await seedStranger(vault);
});
afterAll(async () => {
  await vault?.close();
  await database?.drop();
});

const get = (token: string, path: string) => vault.call('GET', path, { key: null, headers: { authorization: `Bearer ${token}` } });

type Row = { id: string; action: string; outcome: string; status_code: number; resource: string | null; token_id: string | null; actor: { id: string } | null; project_id: string | null };
/** The account's rows of an action, newest first (read straight from the database: no audit row of its own). */
async function rowsOf(action: string, where: { userId?: string; requestId?: string } = {}) {
  return vault.runtime.db.prisma.auditLog.findMany({ where: { action, ...where }, orderBy: { seq: 'desc' }, omit: { seq: false } });
}

const withTriggerOff = (run: Parameters<typeof withAuditTriggerOff>[1]) => withAuditTriggerOff(vault.runtime.db.sql, run);

describe('Idempotency-Key replays are audited', () => {
  it('happy: the first call is audited as usual, each replay writes its own row marked idempotency:replay', async () => {
    const key = `replay-${Date.now()}`;
    // Each call names its own request id (the replayed answer carries the first one's).
    const requestIds = [`${key}-1`, `${key}-2`, `${key}-3`];
    const send = (requestId: string) => vault.call('POST', '/tokenize', { json: cardRequest(), headers: { 'idempotency-key': key, 'x-request-id': requestId } });
    const first = await send(requestIds[0]!);
    expect(first.status).toBe(201);
    const second = await send(requestIds[1]!);
    const third = await send(requestIds[2]!);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(third.text).toBe(first.text);

    const rows = await vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: { in: requestIds } }, orderBy: { seq: 'asc' } });
    expect(rows.map((row) => [row.requestId, row.action, row.outcome, row.statusCode, row.resource])).toEqual([
      [requestIds[0], 'tokenize', 'success', 201, null],
      [requestIds[1], 'tokenize', 'success', 201, 'idempotency:replay'],
      [requestIds[2], 'tokenize', 'success', 201, 'idempotency:replay'],
    ]);
    expect(rows[0]!.tokenId).not.toBeNull();
    for (const row of rows.slice(1)) {
      expect(row).toMatchObject({ projectId: vault.tenants.test.projectId, applicationId: expect.any(String), tokenId: null });
    }
  });

  it('error: a replayed failure is audited as a failure with its status', async () => {
    const key = `replay-fail-${Date.now()}`;
    const bad = { ...cardRequest(), cardNumber: '4242' };
    const first = await vault.call('POST', '/tokenize', { json: bad, headers: { 'idempotency-key': key, 'x-request-id': `${key}-1` } });
    expect(first.status).toBe(400);
    const again = await vault.call('POST', '/tokenize', { json: bad, headers: { 'idempotency-key': key, 'x-request-id': `${key}-2` } });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: `${key}-2` } });
    expect(row).toMatchObject({ action: 'tokenize', outcome: 'failure', statusCode: 400, resource: 'idempotency:replay' });
  });

  it('attack: a key reused with another request (422) is audited, not as a replay', async () => {
    const key = `replay-other-${Date.now()}`;
    expect((await vault.call('POST', '/tokenize', { json: cardRequest(), headers: { 'idempotency-key': key } })).status).toBe(201);
    const other = await vault.call('POST', '/tokenize', { json: { ...cardRequest(), cardNumber: '5555555555554444' }, headers: { 'idempotency-key': key } });
    expect(other.status).toBe(422);
    const [row] = await vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: other.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'tokenize', outcome: 'failure', statusCode: 422, resource: null });
  });
});

describe('reads of the audit log are audited', () => {
  it.each([
    ['audit.list', '/api/audit-logs'],
    ['audit.export', '/api/audit-logs/export'],
    ['audit.verify', '/api/audit-logs/verify'],
  ])('happy: %s writes one success row naming the user (and only the project of the filters)', async (action, path) => {
    const query = path.endsWith('verify') ? '' : `?project_id=${vault.tenants.test.projectId}&action=tokenize&outcome=failure&actor=${users.viewer.id}`;
    const response = await get(admin, `${path}${query}`);
    expect(response.status).toBe(200);
    const rows = await rowsOf(action, { requestId: response.headers.get('x-request-id')! });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: 'success',
      statusCode: 200,
      userId: users.admin.id,
      ip: '127.0.0.1',
      projectId: null,
      tokenId: null,
      resource: query ? `project:${vault.tenants.test.projectId}` : null,
    });
    // No other filter value is kept anywhere in the row.
    expect(JSON.stringify(rows[0], (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(users.viewer.id);
  });

  it('happy: the account sees its read rows in the listing (and a listing does not contain its own row)', async () => {
    const response = await get(owner, '/api/audit-logs?action=audit.list');
    const ownRequest = response.headers.get('x-request-id');
    expect(response.json.data.every((row: { request_id: string }) => row.request_id !== ownRequest)).toBe(true);
    const next = await get(owner, '/api/audit-logs?action=audit.list&limit=1');
    expect(next.json.data[0]).toMatchObject({ action: 'audit.list', request_id: ownRequest, actor: { type: 'user', id: users.owner.id } });
  });

  it.each([
    ['audit.list', '/api/audit-logs?outcome=maybe', 400],
    ['audit.export', '/api/audit-logs/export?limit=0&from=yesterday', 400],
  ])('error: %s refused for bad input writes a failure row', async (action, path, status) => {
    const response = await get(owner, path);
    expect(response.status).toBe(status);
    const rows = await rowsOf(action, { requestId: response.headers.get('x-request-id')! });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'failure', statusCode: status, userId: users.owner.id, resource: null });
  });

  it('attack: another account\'s project_id is 404 and audited as a failure of the caller', async () => {
    for (const path of ['/api/audit-logs', '/api/audit-logs/export']) {
      const response = await get(stranger.token, `${path}?project_id=${vault.tenants.test.projectId}`);
      expect(response.status).toBe(404);
      const [row] = await vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: response.headers.get('x-request-id')! } });
      expect(row).toMatchObject({ outcome: 'failure', statusCode: 404, userId: stranger.userId, projectId: null });
    }
    // The owner's account does not see the stranger's failed attempt as one of its own rows.
    const seen = (await get(owner, '/api/audit-logs?action=audit.list&limit=100')).json.data as Row[];
    expect(seen.some((row) => row.actor?.id === stranger.userId)).toBe(false);
  });
});

describe('GET /api/audit-logs/verify checks the account\'s links only', () => {
  const write = (entry: { accountId: string; projectId?: string; userId?: string; requestId: string }) =>
    vault.runtime.audit.write({ action: 'tokenize', outcome: 'success', statusCode: 201, ip: '127.0.0.1', ...entry });

  it('happy: valid, checked counts only the account\'s sealed rows', async () => {
    const response = await get(owner, '/api/audit-logs/verify');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, valid: true, checked: expect.any(Number), first_broken_id: null, reason: null });
    const { prisma } = vault.runtime.db;
    const [projects, members] = await Promise.all([
      prisma.project.findMany({ where: { accountId: users.accountId }, select: { id: true } }),
      prisma.user.findMany({ where: { accountId: users.accountId }, select: { id: true } }),
    ]);
    const [head] = await vault.runtime.db.sql.query<{ last_seq: string }>('SELECT last_seq::text FROM audit_seals ORDER BY seal_index DESC LIMIT 1');
    const sealed = { seq: { lte: BigInt(head!.last_seq) } };
    const sealedBefore = await prisma.auditLog.count({
      where: {
        ...sealed,
        requestId: { not: response.headers.get('x-request-id')! },
        // The listing's rule: the account's id, or (rows from before account_id) its projects and users.
        OR: [{ accountId: users.accountId }, { accountId: null, OR: [{ projectId: { in: projects.map((p) => p.id) } }, { userId: { in: members.map((m) => m.id) } }] }],
      },
    });
    expect(response.json.checked).toBe(sealedBefore);
    expect(response.json.checked).toBeLessThan(await prisma.auditLog.count({ where: sealed }));
  });

  it('attack: another account\'s edited row, right before one of ours in the chain, does not fail our verification', async () => {
    await write({ accountId: stranger.accountId, projectId: stranger.projectId, requestId: 'stranger-before' });
    await write({ accountId: users.accountId, projectId: vault.tenants.test.projectId, requestId: 'ours-after' });
    expect((await get(owner, '/api/audit-logs/verify')).json.valid).toBe(true); // seals both
    const theirs = (await rowsOf('tokenize', { requestId: 'stranger-before' }))[0]!;
    const ours = (await rowsOf('tokenize', { requestId: 'ours-after' }))[0]!;
    expect(ours.seq - theirs.seq).toBe(1n);

    await withTriggerOff((sql) => sql.query(`UPDATE audit_logs SET outcome = 'failure' WHERE id = $1::uuid`, [theirs.id]));
    try {
      expect((await get(owner, '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
      // The stranger's own verification names its row; the owner's row is never named to it.
      expect((await get(stranger.token, '/api/audit-logs/verify')).json).toMatchObject({ valid: false, first_broken_id: theirs.id });
    } finally {
      await withTriggerOff((sql) => sql.query(`UPDATE audit_logs SET outcome = 'success' WHERE id = $1::uuid`, [theirs.id]));
    }
    expect((await get(stranger.token, '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
  });

  it('error: the account\'s own edited row fails its verification and is named; the other account stays valid', async () => {
    const ours = (await rowsOf('tokenize', { requestId: 'ours-after' }))[0]!;
    await withTriggerOff((sql) => sql.query(`UPDATE audit_logs SET status_code = 500 WHERE id = $1::uuid`, [ours.id]));
    try {
      const broken = await get(admin, '/api/audit-logs/verify');
      expect(broken.status).toBe(200);
      expect(broken.json).toMatchObject({ success: true, valid: false, first_broken_id: ours.id });
      expect((await get(stranger.token, '/api/audit-logs/verify')).json).toMatchObject({ valid: true, first_broken_id: null });
    } finally {
      await withTriggerOff((sql) => sql.query(`UPDATE audit_logs SET status_code = 201 WHERE id = $1::uuid`, [ours.id]));
    }
  });

  it("attack: the account's row edited and its seal's MAC for it rewritten without the chain key is still caught", async () => {
    await write({ accountId: users.accountId, userId: users.owner.id, requestId: 'ours-rehashed' });
    expect((await get(owner, '/api/audit-logs/verify')).json.valid).toBe(true);
    const ours = (await rowsOf('tokenize', { requestId: 'ours-rehashed' }))[0]!;
    const { sql } = vault.runtime.db;
    const [seal] = await sql.query<{ seal_index: string; row_ids: string[]; row_macs: Uint8Array }>(
      'SELECT seal_index::text, row_ids, row_macs FROM audit_seals WHERE first_seq <= $1 AND last_seq >= $1',
      [String(ours.seq)],
    );
    // A database-level attacker changes the row and writes, in its seal, the SHA-256 its new content gives:
    // without the chain key (outside the database) that is all they can compute.
    await withTriggerOff(async (db) => {
      await db.query(`UPDATE audit_logs SET outcome = 'failure', status_code = 403 WHERE id = $1::uuid`, [ours.id]);
      const [edited] = await db.query<AuditRow>(`SELECT ${COLUMNS} FROM audit_logs WHERE id = $1::uuid`, [ours.id]);
      const macs = Buffer.from(seal!.row_macs);
      createHash('sha256').update(JSON.stringify(edited)).digest().copy(macs, seal!.row_ids.indexOf(ours.id) * 32);
      await db.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
      try {
        await db.query('UPDATE audit_seals SET row_macs = $2 WHERE seal_index = $1', [seal!.seal_index, macs]);
      } finally {
        await db.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
      }
    });
    expect((await get(owner, '/api/audit-logs/verify')).json).toMatchObject({ valid: false, first_broken_id: ours.id });
  });

  it('error: the 11th verification by an account within a minute is 429 with Retry-After, audited; another account is not limited', async () => {
    const fresh = await seedStranger(vault);
    for (let i = 0; i < 10; i++) expect((await get(fresh.token, '/api/audit-logs/verify')).status).toBe(200);
    const limited = await get(fresh.token, '/api/audit-logs/verify');
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ success: false, error: { code: 'rate_limited', message: 'Too many requests' }, request_id: expect.any(String) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: limited.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'audit.verify', outcome: 'failure', statusCode: 429, userId: fresh.userId });
    expect((await get(stranger.token, '/api/audit-logs/verify')).status).toBe(200);
  });
});
