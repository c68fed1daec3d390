// Pending invitations: the member view's `status` (`invited` until the invitee chooses a password) and
// `invited_at`; POST /api/members/{id}/resend-invitation (a new mailed link, the earlier ones void); revoking
// an invitation by removing the member (its link refused). Happy, error and security tables.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../lib/mail/outbox';
import { loginAs, seedStranger } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
const tokens = {} as Record<Role | 'stranger', string>;

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'invites');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) tokens[role] = await loginAs(vault, users[role].email);
  tokens.stranger = (await seedStranger(vault)).token;
});
afterAll(async () => {
  const mailDir = vault?.runtime.mailDataDir;
  await vault?.close();
  if (mailDir?.includes('vault-mail-')) await rm(mailDir, { recursive: true, force: true });
});

const as = (who: Role | 'stranger' | null, method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
const errorBody = (response: ApiResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

let counter = 0;
/** Invites a new member; returns its view. */
async function invite(role: Role = 'developer', by: Role = 'owner') {
  const email = `pending-${counter++}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await as(by, 'POST', '/api/members', { email, role });
  expect(response.status).toBe(201);
  return response.json.data as { id: string; email: string; status: string; invited_at: string };
}
/** The invitation links mailed to `email`, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  return (await readOutbox(vault.runtime.mailDataDir))
    .filter((mail) => mail.to.includes(email))
    .map((mail) => decodeURIComponent(/\/reset-password#token=([0-9A-Za-z%]+)/.exec(mail.text)![1]!));
}
const accept = (token: string, password = 'welcome aboard 2042') => vault.call('POST', '/auth/reset-password', { key: null, json: { token, new_password: password } });
const viewOf = async (id: string) => ((await as('viewer', 'GET', '/api/members')).json.data as { id: string }[]).find((member) => member.id === id) as Record<string, unknown> | undefined;

describe('status — happy', () => {
  it('an invitee is `invited` with invited_at until they choose a password, then `active`', async () => {
    const member = await invite();
    expect(member).toMatchObject({ status: 'invited', invited_at: ISO });
    expect(await viewOf(member.id)).toMatchObject({ status: 'invited', invited_at: member.invited_at });
    const [link] = await linksTo(member.email);
    expect((await accept(link!)).status).toBe(200);
    expect(await viewOf(member.id)).toMatchObject({ status: 'active', invited_at: member.invited_at });
  });

  it('an invitation whose link expired is still pending', async () => {
    const member = await invite();
    await vault.runtime.db.prisma.passwordResetToken.updateMany({ where: { userId: member.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await viewOf(member.id)).toMatchObject({ status: 'invited' });
  });
});

describe('resend-invitation — happy', () => {
  it('mails a new link, voids the old one, keeps the member pending; the new link is accepted', async () => {
    const member = await invite('viewer');
    const [first] = await linksTo(member.email);
    const response = await as('admin', 'POST', `/api/members/${member.id}/resend-invitation`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: { id: member.id, email: member.email, name: null, role: 'viewer', mfa_enabled: false, status: 'invited', invited_at: ISO, created_at: ISO },
    });
    expect(Date.parse(response.json.data.invited_at)).toBeGreaterThanOrEqual(Date.parse(member.invited_at));
    expect(await auditOf(response)).toMatchObject({ action: 'member.resend_invitation', outcome: 'success', statusCode: 200, userId: users.admin.id, resource: `user:${member.id}` });

    const links = await linksTo(member.email);
    expect(links).toHaveLength(2);
    const second = links[1]!;
    expect(second).not.toBe(first);
    expect(vault.logs.join('\n')).not.toContain(second);
    const old = await accept(first!);
    expect(old.status).toBe(400);
    expect(old.json).toEqual(errorBody(old, 'invalid_token', 'Invalid or expired token'));
    expect((await accept(second)).status).toBe(200);
    expect(await viewOf(member.id)).toMatchObject({ status: 'active' });
  });

  it('works for an expired invitation (the new link lives 7 days)', async () => {
    const member = await invite();
    await vault.runtime.db.prisma.passwordResetToken.updateMany({ where: { userId: member.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await as('owner', 'POST', `/api/members/${member.id}/resend-invitation`)).status).toBe(200);
    const links = await linksTo(member.email);
    expect((await accept(links.at(-1)!)).status).toBe(200);
  });

  it('revoking an invitation = removing the pending member: 200, gone from the list, the link refused', async () => {
    const member = await invite();
    const [link] = await linksTo(member.email);
    const removed = await as('admin', 'DELETE', `/api/members/${member.id}`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ success: true, message: 'Member removed' });
    expect(await viewOf(member.id)).toBeUndefined();
    const refused = await accept(link!);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual(errorBody(refused, 'invalid_token', 'Invalid or expired token'));
    expect((await vault.call('GET', `/auth/verify-reset-token?token=${link}`, { key: null })).status).toBe(400);
  });
});

describe('resend-invitation — error', () => {
  it('409 not_invited for an active member (seeded, or an invitee who accepted); no mail', async () => {
    const accepted = await invite();
    const [link] = await linksTo(accepted.email);
    await accept(link!);
    for (const id of [users.viewer.id, accepted.id]) {
      const response = await as('owner', 'POST', `/api/members/${id}/resend-invitation`);
      expect(response.status).toBe(409);
      expect(response.json).toEqual(errorBody(response, 'not_invited', 'The member has already accepted the invitation'));
      expect(await auditOf(response)).toMatchObject({ action: 'member.resend_invitation', outcome: 'failure', statusCode: 409 });
    }
    expect(await linksTo(accepted.email)).toHaveLength(1);
  });

  it('404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await as('owner', 'POST', `/api/members/${id}/resend-invitation`);
      expect(response.status).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Member not found'));
    }
  });
});

describe('resend-invitation — security', () => {
  it('no session → 401; developer and viewer → 403 (audited), nothing mailed', async () => {
    const member = await invite();
    expect((await as(null, 'POST', `/api/members/${member.id}/resend-invitation`)).status).toBe(401);
    for (const role of ['developer', 'viewer'] as const) {
      const response = await as(role, 'POST', `/api/members/${member.id}/resend-invitation`);
      expect(response.status).toBe(403);
      expect(response.json).toEqual(errorBody(response, 'insufficient_permissions', 'Insufficient permissions'));
      expect(await auditOf(response)).toMatchObject({ action: 'member.resend_invitation', outcome: 'failure', statusCode: 403, userId: users[role].id });
    }
    expect(await linksTo(member.email)).toHaveLength(1);
  });

  it('an admin cannot resend an invited owner\'s invitation (403); the owner can', async () => {
    const member = await invite('owner', 'owner');
    expect((await as('admin', 'POST', `/api/members/${member.id}/resend-invitation`)).status).toBe(403);
    expect((await as('owner', 'POST', `/api/members/${member.id}/resend-invitation`)).status).toBe(200);
  });

  it('another account\'s owner → 404, nothing mailed', async () => {
    const member = await invite();
    const response = await as('stranger', 'POST', `/api/members/${member.id}/resend-invitation`);
    expect(response.status).toBe(404);
    expect(response.json).toEqual(errorBody(response, 'not_found', 'Member not found'));
    expect(await linksTo(member.email)).toHaveLength(1);
  });

  it('a cross-site request with the session cookie → 403 forbidden_origin, nothing mailed', async () => {
    const member = await invite();
    const response = await vault.call('POST', `/api/members/${member.id}/resend-invitation`, {
      key: null,
      headers: { cookie: `vault_session=${tokens.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'forbidden_origin', 'Cross-origin requests are not allowed'));
    expect(await linksTo(member.email)).toHaveLength(1);
  });
});
