// POST /auth/login, POST /auth/logout, GET /auth/verify: sessions as JWT + server-side row, lockout,
// rate limit, expired passwords, the MFA step, idle timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault);
});
afterAll(() => vault?.close());

const login = (email: string, password = TEST_PASSWORD, headers: Record<string, string> = {}) =>
  vault.call('POST', '/auth/login', { key: null, json: { email, password }, headers });
const verify = (token: string | null, headers: Record<string, string> = {}) =>
  vault.call('GET', '/auth/verify', { key: null, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

describe('POST /auth/login', () => {
  it('answers a session: token, expiry, user, and an HttpOnly SameSite=Lax cookie (not Secure on localhost)', async () => {
    const response = await login(users.admin.email);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      expires_at: expect.stringMatching(/^\d{4}-/),
      user: { id: users.admin.id, email: users.admin.email, name: 'admin user', role: 'admin', account_id: users.accountId, mfa_enabled: false },
    });
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^vault_session=${response.json.token.replace(/[.-]/g, '\\$&')}; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`));
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'auth.login', outcome: 'success', userId: users.admin.id });
  });

  it('treats the email case-insensitively', async () => {
    expect((await login(users.viewer.email.toUpperCase())).status).toBe(200);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await login(users.developer.email, 'not the password 1');
    const unknown = await login('nobody@example.com');
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ success: false, error: { code: 'invalid_credentials', message: 'Invalid email or password' }, request_id: response.headers.get('x-request-id') });
    }
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: wrong.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'auth.login', outcome: 'failure', statusCode: 401 });
  });

  it.each([
    [{}, ['email', 'password']],
    [{ email: 'a@b.c' }, ['password']],
    [{ email: 3, password: 'x' }, ['email']],
  ])('validates %j', async (body, paths) => {
    const response = await vault.call('POST', '/auth/login', { key: null, json: body });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
  });

  it('never echoes the password', async () => {
    const response = await login(users.developer.email, 'Secret-Canary-99');
    expect(response.text).not.toContain('Secret-Canary-99');
    expect(vault.logs.join('\n')).not.toContain('Secret-Canary-99');
  });

  it('locks the account after 10 failures for 30 minutes, answering like a wrong password with Retry-After', async () => {
    const target = await seedUsersOnce('lockout');
    for (let i = 0; i < 9; i++) expect((await login(target.email, 'wrong password 1')).headers.get('retry-after')).toBeNull();
    const tenth = await login(target.email, 'wrong password 1');
    expect(tenth.status).toBe(401);
    expect(tenth.headers.get('retry-after')).toBe('1800');
    const locked = await login(target.email);
    expect(locked.status).toBe(401);
    expect(locked.json.error.message).toBe('Invalid email or password');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(1790);
    // Thirty minutes later (moved in the database), the right password works again.
    await vault.runtime.db.prisma.user.update({ where: { id: target.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await login(target.email)).status).toBe(200);
  });

  it('an unknown email gets the same lockout answer after as many failures, so Retry-After tells nothing', async () => {
    const email = 'nobody-lockout@example.com';
    for (let i = 0; i < 9; i++) expect((await login(email, 'wrong password 1')).headers.get('retry-after')).toBeNull();
    const tenth = await login(email, 'wrong password 1');
    expect(tenth.status).toBe(401);
    expect(tenth.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
    expect(tenth.headers.get('retry-after')).toBe('1800');
    expect(Number((await login(email.toUpperCase())).headers.get('retry-after'))).toBeGreaterThan(1790);
  });

  it('answers 403 with a reset token when the password is older than 90 days (MFA off)', async () => {
    const target = await seedUsersOnce('expired');
    await vault.runtime.db.prisma.user.update({ where: { id: target.id }, data: { passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) } });
    const response = await login(target.email);
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ success: false, password_expired: true, reset_token: expect.any(String), error: { code: 'password_expired' } });
    expect((await verify(response.json.reset_token)).status).toBe(401);
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'auth.login', outcome: 'failure', statusCode: 403, userId: target.id });
  });

  it('asks for MFA when it is on; the MFA token opens nothing', async () => {
    const target = await seedUsersOnce('mfa');
    await vault.runtime.db.prisma.user.update({ where: { id: target.id }, data: { mfaEnabled: true } });
    const response = await login(target.email);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, mfa_required: true, mfa_token: expect.any(String) });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect((await verify(response.json.mfa_token)).status).toBe(401);
  });
});

describe('GET /auth/verify and POST /auth/logout', () => {
  it('verifies by Bearer and by cookie; logout revokes the session server-side', async () => {
    const { token } = (await login(users.owner.email)).json;
    expect((await verify(token)).json).toMatchObject({ success: true, user: { id: users.owner.id, role: 'owner' } });
    expect((await verify(null, { cookie: `other=1; vault_session=${token}` })).status).toBe(200);
    const logout = await vault.call('POST', '/auth/logout', { key: null, headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(200);
    expect(logout.json).toEqual({ success: true, message: 'Logged out' });
    expect(logout.headers.get('set-cookie')).toMatch(/^vault_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    const after = await verify(token);
    expect(after.status).toBe(401);
    expect(after.json.error).toEqual({ code: 'unauthorized', message: 'Authentication required' });
  });

  it.each([
    ['no token', () => null],
    ['garbage', () => 'not-a-jwt'],
    ['alg none', () => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: users.owner.id, sid: 'x', acc: users.accountId, knd: 'session', exp: 9999999999 })).toString('base64url')}.`],
  ])('refuses %s with 401', async (_name, token) => {
    const response = await verify(token());
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('unauthorized');
  });

  it('refuses a token whose payload was edited', async () => {
    const { token } = (await login(users.viewer.email)).json;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, sub: users.owner.id })).toString('base64url');
    expect((await verify(`${header}.${edited}.${signature}`)).status).toBe(401);
  });
});

let seeded = 0;
async function seedUsersOnce(prefix: string) {
  const extra = await seedUsers(vault, `${prefix}-${seeded++}`);
  return extra.developer;
}
