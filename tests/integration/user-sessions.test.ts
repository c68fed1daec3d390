// The signed-in user's own sessions: GET /api/user/sessions, DELETE /api/user/sessions/{id}, DELETE
// /api/user/sessions (all but the current). Happy: only live sessions (not revoked, expired, idle or a
// pending MFA login), newest activity first, `current`; a revoked session's JWT refused at once; revoking
// the current one signs out. Errors: unknown, dead or malformed id 404. Security: no session 401, another
// user's session 404 and untouched, cookie-authenticated DELETE from another site 403 forbidden_origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stranger } from '../helpers/accounts';
import { expectError, expectUnauthorized, managementCall, startManagementVault } from '../helpers/management';
import type { TestVault } from '../helpers/test-vault';
import { TEST_PASSWORD, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
let jwts: Record<Role, string>;
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';

beforeAll(async () => {
  ({ vault, users, jwts, stranger } = await startManagementVault('user-sessions'));
});
afterAll(() => vault?.close());

/** A fresh sign-in of `role` from `userAgent`: its JWT and session id. */
async function signIn(role: Role, userAgent: string): Promise<{ jwt: string; id: string }> {
  const response = await vault.call('POST', '/auth/login', { key: null, json: { email: users[role].email, password: TEST_PASSWORD }, headers: { 'user-agent': userAgent } });
  expect(response.status).toBe(200);
  const listed = await managementCall(vault, response.json.token, 'GET', '/api/user/sessions');
  const current = listed.json.data.find((session: { current: boolean }) => session.current);
  return { jwt: response.json.token, id: current.id };
}

const sessions = (jwt: string) => managementCall(vault, jwt, 'GET', '/api/user/sessions');
const auditRow = (requestId: string | null) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: requestId! } });
const isLive = async (jwt: string) => (await sessions(jwt)).status === 200;

describe('user sessions — happy', () => {
  it('lists the user\'s live sessions, newest activity first, marking the current one; dead ones and pending MFA logins left out', async () => {
    const older = await signIn('developer', 'Browser A');
    const newer = await signIn('developer', 'Browser B');
    const revoked = await signIn('developer', 'Browser C');
    const expired = await signIn('developer', 'Browser D');
    const idle = await signIn('developer', 'Browser E');
    const { prisma } = vault.runtime.db;
    await prisma.session.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    await prisma.session.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await prisma.session.update({ where: { id: idle.id }, data: { lastSeenAt: new Date(Date.now() - vault.runtime.config.SESSION_IDLE_TIMEOUT_SECONDS * 1000 - 1000) } });
    await prisma.session.create({ data: { userId: users.developer.id, kind: 'mfa_pending', expiresAt: new Date(Date.now() + 300_000), ip: '127.0.0.1', userAgent: 'Pending' } });
    await prisma.session.update({ where: { id: older.id }, data: { lastSeenAt: new Date(Date.now() - 60_000) } });

    const response = await sessions(newer.jwt);
    expect(response.status, response.text).toBe(200);
    const first = await prisma.session.findUniqueOrThrow({ where: { id: newer.id } });
    const ids = response.json.data.map((session: { id: string }) => session.id);
    expect(ids).toContain(older.id);
    expect(ids).not.toEqual(expect.arrayContaining([revoked.id]));
    for (const dead of [revoked.id, expired.id, idle.id]) expect(ids).not.toContain(dead);
    expect(response.json.data.some((session: { user_agent: string }) => session.user_agent === 'Pending')).toBe(false);
    expect(response.json.data[0]).toEqual({
      id: newer.id,
      ip: '127.0.0.1',
      user_agent: 'Browser B',
      created_at: first.createdAt.toISOString(),
      last_seen_at: expect.any(String),
      expires_at: first.expiresAt.toISOString(),
      current: true,
    });
    expect(response.json.data.at(-1)).toMatchObject({ id: older.id, user_agent: 'Browser A', current: false });
    expect(response.json.data.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    const seen = response.json.data.map((session: { last_seen_at: string }) => session.last_seen_at);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('DELETE /api/user/sessions/{id}: 200, that session\'s JWT is refused at once, audited', async () => {
    const keep = await signIn('admin', 'Keep');
    const drop = await signIn('admin', 'Drop');
    expect(await isLive(drop.jwt)).toBe(true);
    const response = await managementCall(vault, keep.jwt, 'DELETE', `/api/user/sessions/${drop.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ success: true });
    expect(response.headers.get('set-cookie')).toBeNull();
    expectUnauthorized(await sessions(drop.jwt));
    expect(await isLive(keep.jwt)).toBe(true);
    expect((await sessions(keep.jwt)).json.data.map((session: { id: string }) => session.id)).not.toContain(drop.id);
    expect(await auditRow(response.headers.get('x-request-id'))).toMatchObject({
      action: 'auth.session_revoke', outcome: 'success', statusCode: 200, userId: users.admin.id, accountId: users.accountId, resource: `session:${drop.id}`,
    });
  });

  it('revoking the current session signs you out: the cookie is cleared and the JWT refused', async () => {
    const me = await signIn('viewer', 'Self');
    const response = await managementCall(vault, me.jwt, 'DELETE', `/api/user/sessions/${me.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^vault_session=; .*Max-Age=0/);
    expectUnauthorized(await sessions(me.jwt));
  });

  it('DELETE /api/user/sessions revokes every other live session and says how many; the current one stays', async () => {
    const me = await signIn('owner', 'Me');
    const others = [await signIn('owner', 'Other 1'), await signIn('owner', 'Other 2')];
    const before = (await sessions(me.jwt)).json.data.length;
    const response = await managementCall(vault, me.jwt, 'DELETE', '/api/user/sessions');
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ success: true, revoked: before - 1 });
    for (const other of others) expectUnauthorized(await sessions(other.jwt));
    expectUnauthorized(await sessions(jwts.owner));
    jwts.owner = me.jwt;
    const after = await sessions(me.jwt);
    expect(after.json.data).toEqual([expect.objectContaining({ id: me.id, current: true })]);
    expect(await auditRow(response.headers.get('x-request-id'))).toMatchObject({ action: 'auth.sessions_revoke_others', outcome: 'success', userId: users.owner.id, resource: `user:${users.owner.id}` });
    const again = await managementCall(vault, me.jwt, 'DELETE', '/api/user/sessions');
    expect(again.json).toEqual({ success: true, revoked: 0 });
  });

  it('works with the session cookie from the app\'s own origin', async () => {
    const me = await signIn('developer', 'Cookie');
    const drop = await signIn('developer', 'Cookie drop');
    const origin = new URL(vault.runtime.config.APP_URL).origin;
    const listed = await managementCall(vault, me.jwt, 'GET', '/api/user/sessions', { cookie: true });
    expect(listed.status).toBe(200);
    const response = await managementCall(vault, me.jwt, 'DELETE', `/api/user/sessions/${drop.id}`, { cookie: true, headers: { origin } });
    expect(response.status, response.text).toBe(200);
    expectUnauthorized(await sessions(drop.jwt));
  });
});

describe('user sessions — errors', () => {
  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['an id that is not a UUID', 'not-a-session'],
  ])('%s → 404 Session not found, audited as a failure', async (_name, id) => {
    const me = await signIn('viewer', 'Errors');
    const response = await managementCall(vault, me.jwt, 'DELETE', `/api/user/sessions/${id}`);
    expectError(response, 404, 'not_found', 'Session not found');
    expect(await auditRow(response.headers.get('x-request-id'))).toMatchObject({ action: 'auth.session_revoke', outcome: 'failure', statusCode: 404, userId: users.viewer.id });
  });

  it('a session already revoked → 404', async () => {
    const me = await signIn('viewer', 'Twice');
    const drop = await signIn('viewer', 'Twice drop');
    expect((await managementCall(vault, me.jwt, 'DELETE', `/api/user/sessions/${drop.id}`)).status).toBe(200);
    expectError(await managementCall(vault, me.jwt, 'DELETE', `/api/user/sessions/${drop.id}`), 404, 'not_found', 'Session not found');
  });

  it('other methods → 405 with Allow', async () => {
    const list = await managementCall(vault, jwts.viewer, 'POST', '/api/user/sessions', { json: {} });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET, DELETE');
    const one = await managementCall(vault, jwts.viewer, 'GET', `/api/user/sessions/${UNKNOWN_ID}`);
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')).toBe('DELETE');
  });
});

describe('user sessions — security', () => {
  it('no session, or a garbage JWT → 401 on all three routes', async () => {
    for (const jwt of [null, 'not.a.jwt']) {
      expectUnauthorized(await managementCall(vault, jwt, 'GET', '/api/user/sessions'));
      expectUnauthorized(await managementCall(vault, jwt, 'DELETE', '/api/user/sessions'));
      expectUnauthorized(await managementCall(vault, jwt, 'DELETE', `/api/user/sessions/${UNKNOWN_ID}`));
    }
  });

  it('another user\'s session (same account or another) is 404 and stays live; it is never listed', async () => {
    const mine = await signIn('developer', 'Mine');
    const colleague = await signIn('admin', 'Colleague');
    expect((await sessions(mine.jwt)).json.data.map((session: { id: string }) => session.id)).not.toContain(colleague.id);
    expectError(await managementCall(vault, mine.jwt, 'DELETE', `/api/user/sessions/${colleague.id}`), 404, 'not_found', 'Session not found');
    expect(await isLive(colleague.jwt)).toBe(true);
    const strangers = await sessions(stranger.token);
    const strangerSession = strangers.json.data[0].id;
    expectError(await managementCall(vault, mine.jwt, 'DELETE', `/api/user/sessions/${strangerSession}`), 404, 'not_found', 'Session not found');
    expectError(await managementCall(vault, stranger.token, 'DELETE', `/api/user/sessions/${mine.id}`), 404, 'not_found', 'Session not found');
    expect(await isLive(stranger.token)).toBe(true);
    expect(await isLive(mine.jwt)).toBe(true);
    // Revoking "the others" touches only the caller's own sessions.
    expect((await managementCall(vault, stranger.token, 'DELETE', '/api/user/sessions')).status).toBe(200);
    expect(await isLive(mine.jwt)).toBe(true);
    expect(await isLive(colleague.jwt)).toBe(true);
  });

  it('a cookie-authenticated DELETE from another site → 403 forbidden_origin; nothing revoked', async () => {
    const me = await signIn('viewer', 'Csrf');
    const target = await signIn('viewer', 'Csrf target');
    const headers = { origin: 'https://evil.example' };
    expectError(await managementCall(vault, me.jwt, 'DELETE', `/api/user/sessions/${target.id}`, { cookie: true, headers }), 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    expectError(await managementCall(vault, me.jwt, 'DELETE', '/api/user/sessions', { cookie: true, headers }), 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    expect(await isLive(target.jwt)).toBe(true);
  });
});
