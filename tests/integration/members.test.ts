// GET/POST /api/members, PUT/DELETE /api/members/{id}: invitations by mail, role changes, removal, the
// owner rules (only owners touch owners; one owner always stays), roles, tenant isolation.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/auth/passwords';
import { readOutbox } from '../../lib/mail/outbox';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const tokens = {} as Record<Role | 'stranger', string>;
let stranger: { id: string; email: string };

const login = async (email: string): Promise<string> => {
  const response = await vault.call('POST', '/auth/login', { key: null, json: { email, password: TEST_PASSWORD } });
  expect(response.status).toBe(200);
  return response.json.token;
};

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'members');
  // A second account whose only user is its owner.
  const { prisma } = vault.runtime.db;
  const account = await prisma.account.create({ data: { name: 'Stranger account' } });
  stranger = await prisma.user.create({
    data: { accountId: account.id, email: `stranger-${Date.now()}@example.com`, passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner', name: 'Stranger' },
    select: { id: true, email: true },
  });
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) tokens[role] = await login(users[role].email);
  tokens.stranger = await login(stranger.email);
});
afterAll(async () => {
  const mailDir = vault?.runtime.mailDataDir;
  await vault?.close();
  // The in-memory vault's temporary outbox folder.
  if (mailDir?.includes('vault-mail-')) await rm(mailDir, { recursive: true, force: true });
});

const as = (who: Role | 'stranger' | null, method: string, path: string, json?: unknown, token?: string): Promise<ApiResponse> =>
  vault.call(method, path, { key: null, json, headers: token || who ? { authorization: `Bearer ${token ?? tokens[who!]}` } : {} });

const error = (response: ApiResponse, code: string, message: string) => ({
  success: false,
  error: { code, message },
  request_id: response.headers.get('x-request-id'),
});

const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
const verify = (token: string) => vault.call('GET', '/auth/verify', { key: null, headers: { authorization: `Bearer ${token}` } });

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
let counter = 0;
const newEmail = () => `invitee-${counter++}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A fresh member of the main account with a known password and a live session. */
async function extraMember(role: Role): Promise<{ id: string; email: string; token: string }> {
  const email = newEmail();
  const { id } = await vault.runtime.db.prisma.user.create({
    data: { accountId: users.accountId, email, passwordHash: await hashPassword(TEST_PASSWORD), role },
    select: { id: true },
  });
  return { id, email, token: await login(email) };
}

describe('happy', () => {
  it('lists the account’s users for every role, without secrets', async () => {
    for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) {
      const response = await as(role, 'GET', '/api/members');
      expect(response.status).toBe(200);
      expect(response.json.success).toBe(true);
      expect(response.json.data.slice(0, 4)).toEqual(
        (['owner', 'admin', 'developer', 'viewer'] as const).map((r) => ({ id: users[r].id, email: users[r].email, name: `${r} user`, role: r, mfa_enabled: false, status: 'active', invited_at: null, created_at: ISO })),
      );
      expect(response.text).not.toMatch(/argon2|password/i);
    }
  });

  it('invites a member: 201, an unusable password, a 7-day invite token, the link in the outbox, an audit row', async () => {
    const email = newEmail();
    const response = await as('admin', 'POST', '/api/members', { email: email.toUpperCase(), role: 'developer', name: 'New Dev' });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ success: true, data: { id: UUID, email, name: 'New Dev', role: 'developer', mfa_enabled: false, status: 'invited', invited_at: ISO, created_at: ISO } });
    expect(await auditOf(response)).toMatchObject({ action: 'member.invite', outcome: 'success', statusCode: 201, userId: users.admin.id });

    const mail = (await readOutbox(vault.runtime.mailDataDir)).find((message) => message.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('You have been invited to the vault');
    const link = mail!.text.match(/(\S+)\/reset-password#token=([0-9A-Za-z]+)/);
    expect(link?.[1]).toBe(vault.runtime.config.APP_URL);
    const token = link![2]!;
    const row = await vault.runtime.db.prisma.passwordResetToken.findUnique({ where: { tokenHash: vault.runtime.keyring.hashSecret(token) } });
    expect(row).toMatchObject({ userId: response.json.data.id, purpose: 'invite', usedAt: null });
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    // The token is in the mail only: never in a log line.
    expect(vault.logs.join('\n')).not.toContain(token);
    expect(vault.logs.some((line) => line.includes('"mail sent"'))).toBe(true);
    // Nobody knows the password the invitee was created with.
    expect((await vault.call('POST', '/auth/login', { key: null, json: { email, password: TEST_PASSWORD } })).status).toBe(401);
  });

  it('the invitee accepts by the mailed link: verify (purpose invite) → choose a password → log in with the role; the link works once', async () => {
    const email = newEmail();
    const invited = await as('owner', 'POST', '/api/members', { email, role: 'admin' });
    expect(invited.status).toBe(201);
    const mail = (await readOutbox(vault.runtime.mailDataDir)).find((message) => message.to.includes(email))!;
    const token = decodeURIComponent(/\/reset-password#token=([0-9A-Za-z%]+)/.exec(mail.text)![1]!);

    const verified = await vault.call('GET', `/auth/verify-reset-token?token=${token}`, { key: null });
    expect(verified.json).toEqual({ success: true, valid: true, purpose: 'invite', expires_at: ISO });
    // The password policy applies to the first password too.
    const weak = await vault.call('POST', '/auth/reset-password', { key: null, json: { token, new_password: 'short1' } });
    expect(weak.status).toBe(400);
    const accepted = await vault.call('POST', '/auth/reset-password', { key: null, json: { token, new_password: 'welcome aboard 2042' } });
    expect(accepted.json).toEqual({ success: true, message: 'Password has been reset' });

    const session = await vault.call('POST', '/auth/login', { key: null, json: { email, password: 'welcome aboard 2042' } });
    expect(session.status).toBe(200);
    expect(session.json.user).toMatchObject({ id: invited.json.data.id, email, role: 'admin', account_id: users.accountId });
    // The new admin manages the account at once.
    expect((await as(null, 'GET', '/api/applications', undefined, session.json.token)).status).toBe(200);

    const again = await vault.call('POST', '/auth/reset-password', { key: null, json: { token, new_password: 'another secret 2043' } });
    expect(again.status).toBe(400);
    expect(again.json.error).toEqual({ code: 'invalid_token', message: 'Invalid or expired token' });
    expect((await vault.call('GET', `/auth/verify-reset-token?token=${token}`, { key: null })).status).toBe(400);
  });

  it('an expired invitation cannot be accepted', async () => {
    const email = newEmail();
    const invited = await as('owner', 'POST', '/api/members', { email, role: 'viewer' });
    const mail = (await readOutbox(vault.runtime.mailDataDir)).find((message) => message.to.includes(email))!;
    const token = decodeURIComponent(/\/reset-password#token=([0-9A-Za-z%]+)/.exec(mail.text)![1]!);
    await vault.runtime.db.prisma.passwordResetToken.updateMany({ where: { userId: invited.json.data.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await vault.call('POST', '/auth/reset-password', { key: null, json: { token, new_password: 'welcome aboard 2042' } });
    expect(late.status).toBe(400);
    expect(late.json.error.code).toBe('invalid_token');
  });

  it('an owner may invite another owner', async () => {
    const response = await as('owner', 'POST', '/api/members', { email: newEmail(), role: 'owner' });
    expect(response.status).toBe(201);
    expect(response.json.data).toMatchObject({ role: 'owner', name: null });
  });

  it('renames a member without touching their sessions', async () => {
    const target = await extraMember('developer');
    const response = await as('admin', 'PUT', `/api/members/${target.id}`, { name: 'Renamed' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, data: { id: target.id, email: target.email, name: 'Renamed', role: 'developer', mfa_enabled: false, status: 'active', invited_at: null, created_at: ISO } });
    expect(await auditOf(response)).toMatchObject({ action: 'member.update', outcome: 'success', userId: users.admin.id });
    expect((await verify(target.token)).status).toBe(200);
  });

  it('demoting a member revokes their sessions; promoting does not', async () => {
    const target = await extraMember('developer');
    const promoted = await as('admin', 'PUT', `/api/members/${target.id}`, { role: 'admin' });
    expect(promoted.json.data.role).toBe('admin');
    expect((await verify(target.token)).status).toBe(200);
    const demoted = await as('admin', 'PUT', `/api/members/${target.id}`, { role: 'viewer' });
    expect(demoted.status).toBe(200);
    expect(demoted.json.data.role).toBe('viewer');
    expect((await verify(target.token)).status).toBe(401);
  });

  it('an owner may demote another owner while one owner remains', async () => {
    const target = await extraMember('owner');
    const response = await as('owner', 'PUT', `/api/members/${target.id}`, { role: 'admin' });
    expect(response.status).toBe(200);
    expect(response.json.data.role).toBe('admin');
  });

  it('removes a member: 200, gone from the list, their session ends at once', async () => {
    const target = await extraMember('viewer');
    const response = await as('admin', 'DELETE', `/api/members/${target.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: 'Member removed' });
    expect(await auditOf(response)).toMatchObject({ action: 'member.remove', outcome: 'success', userId: users.admin.id });
    expect((await verify(target.token)).status).toBe(401);
    const ids = (await as('viewer', 'GET', '/api/members')).json.data.map((member: { id: string }) => member.id);
    expect(ids).not.toContain(target.id);
  });
});

describe('error', () => {
  it.each([
    [{ role: 'viewer' }, 'email'],
    [{ email: 'not an email', role: 'viewer' }, 'email'],
    [{ email: 'a@example.com' }, 'role'],
    [{ email: 'a@example.com', role: 'superuser' }, 'role'],
    [{ email: 'a@example.com', role: 'viewer', name: '' }, 'name'],
    [{ email: 'a@example.com', role: 'viewer', password: 'x' }, 'password'],
  ])('POST %j → 400 naming %s', async (body, path) => {
    const response = await as('owner', 'POST', '/api/members', body);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual([path]);
    expect(await auditOf(response)).toMatchObject({ action: 'member.invite', outcome: 'failure', statusCode: 400 });
  });

  it('an address that already has an account (another account, this one, any case) gets the answer of a new address; only the mail differs', async () => {
    const fresh = await as('owner', 'POST', '/api/members', { email: newEmail(), role: 'viewer' });
    expect(fresh.status).toBe(201);
    const invitedView = (email: string) => ({ success: true, data: { id: UUID, email, name: null, role: 'viewer', mfa_enabled: false, status: 'invited', invited_at: ISO, created_at: ISO } });
    expect(fresh.json).toEqual(invitedView(fresh.json.data.email));
    const before = await vault.runtime.db.prisma.user.findMany({ where: { email: { in: [users.viewer.email, stranger.email] } }, orderBy: { email: 'asc' } });
    for (const email of [stranger.email.toUpperCase(), users.viewer.email]) {
      const response = await as('owner', 'POST', '/api/members', { email, role: 'viewer' });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
      expect(response.json).toEqual(invitedView(email.toLowerCase()));
      expect(Object.keys(response.json.data)).toEqual(Object.keys(fresh.json.data));
      expect(await auditOf(response)).toMatchObject({ action: 'member.invite', outcome: 'success', statusCode: 201, userId: users.owner.id });
    }
    // Nobody was moved, changed or given a link.
    expect(await vault.runtime.db.prisma.user.findMany({ where: { email: { in: [users.viewer.email, stranger.email] } }, orderBy: { email: 'asc' } })).toEqual(before);
    expect(await vault.runtime.db.prisma.passwordResetToken.count({ where: { userId: { in: [users.viewer.id, stranger.id] } } })).toBe(0);
    const [toStranger] = (await readOutbox(vault.runtime.mailDataDir)).filter((mail) => mail.to === stranger.email);
    expect(toStranger!.subject).toBe('An invitation to the vault');
    expect(toStranger!.text).toContain('already has an account on the vault');
    const [toMember] = (await readOutbox(vault.runtime.mailDataDir)).filter((mail) => mail.to === users.viewer.email);
    expect(toMember!.subject).toBe('An invitation to the vault');
    expect(toMember!.text).toContain('already a member of this account');
    for (const mail of [toStranger!, toMember!]) expect(mail.text).not.toMatch(/token=/);
  });

  it('inviting a pending invitee again sends them a fresh link (the earlier one is void), with the same answer', async () => {
    const email = newEmail();
    const first = await as('owner', 'POST', '/api/members', { email, role: 'developer' });
    const again = await as('owner', 'POST', '/api/members', { email, role: 'developer' });
    expect(again.status).toBe(201);
    expect(again.json).toEqual({ success: true, data: { ...first.json.data, invited_at: ISO } });
    const tokens = await vault.runtime.db.prisma.passwordResetToken.findMany({ where: { userId: first.json.data.id }, orderBy: { createdAt: 'asc' } });
    expect(tokens.map((row) => row.usedAt === null)).toEqual([false, true]);
  });

  it('refuses an empty update', async () => {
    const response = await as('owner', 'PUT', `/api/members/${users.viewer.id}`, {});
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({ code: 'validation_error', message: 'Invalid request: role or name is required', fields: [{ path: '', message: 'role or name is required' }] });
  });

  it('the last owner can be neither demoted nor removed (409), and keeps their session', async () => {
    const demote = await as('stranger', 'PUT', `/api/members/${stranger.id}`, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.json).toEqual(error(demote, 'conflict', 'The account must keep at least one owner'));
    const remove = await as('stranger', 'DELETE', `/api/members/${stranger.id}`);
    expect(remove.status).toBe(409);
    expect(remove.json).toEqual(error(remove, 'conflict', 'The account must keep at least one owner'));
    expect(await auditOf(remove)).toMatchObject({ action: 'member.remove', outcome: 'failure', statusCode: 409, userId: stranger.id });
    expect((await verify(tokens.stranger)).status).toBe(200);
    expect((await as('stranger', 'GET', '/api/members')).json.data).toEqual([
      { id: stranger.id, email: stranger.email, name: 'Stranger', role: 'owner', mfa_enabled: false, status: 'active', invited_at: null, created_at: ISO },
    ]);
  });

  it.each([
    ['PUT', '/api/members/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/members/not-a-uuid'],
    ['DELETE', '/api/members/00000000-0000-4000-8000-000000000000'],
  ])('%s %s → 404', async (method, path) => {
    const response = await as('owner', method, path, method === 'PUT' ? { name: 'x' } : undefined);
    expect(response.status).toBe(404);
    expect(response.json).toEqual(error(response, 'not_found', 'Member not found'));
  });
});

describe('security', () => {
  it.each([
    ['GET', '/api/members'],
    ['POST', '/api/members'],
    ['PUT', `/api/members/00000000-0000-4000-8000-000000000000`],
    ['DELETE', `/api/members/00000000-0000-4000-8000-000000000000`],
  ])('%s %s without a session → 401', async (method, path) => {
    const response = await as(null, method, path, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' });
    expect(response.status).toBe(401);
    expect(response.json).toEqual(error(response, 'unauthorized', 'Authentication required'));
  });

  it.each(['developer', 'viewer'] as const)('%s cannot invite, change or remove (403)', async (role) => {
    for (const [method, path, body] of [
      ['POST', '/api/members', { email: newEmail(), role: 'viewer' }],
      ['PUT', `/api/members/${users.viewer.id}`, { name: 'nope' }],
      ['DELETE', `/api/members/${users.viewer.id}`, undefined],
    ] as const) {
      const response = await as(role, method, path, body);
      expect(response.status).toBe(403);
      expect(response.json).toEqual(error(response, 'insufficient_permissions', 'Insufficient permissions'));
    }
  });

  it('an admin cannot create an owner, promote to owner, change or remove an owner (403)', async () => {
    const target = await extraMember('developer');
    for (const [method, path, body] of [
      ['POST', '/api/members', { email: newEmail(), role: 'owner' }],
      ['PUT', `/api/members/${target.id}`, { role: 'owner' }],
      ['PUT', `/api/members/${users.owner.id}`, { name: 'Demoted?' }],
      ['PUT', `/api/members/${users.owner.id}`, { role: 'viewer' }],
      ['DELETE', `/api/members/${users.owner.id}`, undefined],
    ] as const) {
      const response = await as('admin', method, path, body);
      expect(response.status).toBe(403);
      expect(response.json).toEqual(error(response, 'insufficient_permissions', 'Insufficient permissions'));
    }
    const owner = await vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: users.owner.id }, select: { role: true, name: true } });
    expect(owner).toEqual({ role: 'owner', name: 'owner user' });
    expect((await verify(tokens.owner)).status).toBe(200);
  });

  it('keeps accounts apart: another account’s member is 404, and never listed', async () => {
    for (const [method, body] of [['PUT', { role: 'viewer' }], ['PUT', { name: 'x' }], ['DELETE']] as const) {
      const response = await as('stranger', method, `/api/members/${users.developer.id}`, body);
      expect(response.status).toBe(404);
      expect(response.json).toEqual(error(response, 'not_found', 'Member not found'));
      expect((await as('owner', method, `/api/members/${stranger.id}`, body)).status).toBe(404);
    }
    const ours = (await as('owner', 'GET', '/api/members')).json.data.map((member: { id: string }) => member.id);
    expect(ours).not.toContain(stranger.id);
    expect(await vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: users.developer.id }, select: { role: true } })).toEqual({ role: 'developer' });
  });
});
