// Password flows: change (other sessions end), forgot → mailed single-use link → reset, expired
// password → reset-expired-password, expiry info; the policy (length, classes, common, history).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../helpers/mail';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let seeded = 0;
beforeAll(async () => {
  vault = await startTestVault();
});
afterAll(() => vault?.close());

async function freshUser(): Promise<{ id: string; email: string }> {
  const users: TestUsers = await seedUsers(vault, `pw-${seeded++}`);
  return users.developer;
}
const login = (email: string, password = TEST_PASSWORD) => vault.call('POST', '/auth/login', { key: null, json: { email, password } });
const asUser = (token: string, method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${token}` } });
const publicCall = (method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json });

describe('POST /auth/change-password', () => {
  it('changes the password, ends the other sessions, keeps this one', async () => {
    const user = await freshUser();
    const first = (await login(user.email)).json.token;
    const second = (await login(user.email)).json.token;
    const response = await asUser(second, 'POST', '/auth/change-password', { current_password: TEST_PASSWORD, new_password: 'brand new secret 77' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: 'Password changed' });
    expect((await asUser(first, 'GET', '/auth/verify')).status).toBe(401);
    expect((await asUser(second, 'GET', '/auth/verify')).status).toBe(200);
    expect((await login(user.email)).status).toBe(401);
    expect((await login(user.email, 'brand new secret 77')).status).toBe(200);
  });

  it.each([
    ['short1', 'Password must be at least 12 characters'],
    ['onlylettersherefolks', 'Password must contain at least one letter and one digit'],
    ['password1234', 'Password is too common; choose one that is harder to guess'],
    [TEST_PASSWORD, 'Password must not be one of your last 4 passwords'],
  ])('refuses %s with 400 naming the rule', async (newPassword, message) => {
    const user = await freshUser();
    const { token } = (await login(user.email)).json;
    const response = await asUser(token, 'POST', '/auth/change-password', { current_password: TEST_PASSWORD, new_password: newPassword });
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({ code: 'password_rejected', message, fields: [{ path: 'new_password', message }] });
    expect(response.text).not.toContain(newPassword === TEST_PASSWORD ? 'zzz-never' : newPassword);
  });

  it('refuses a wrong current password (401) and needs a session (401)', async () => {
    const user = await freshUser();
    const { token } = (await login(user.email)).json;
    const wrong = await asUser(token, 'POST', '/auth/change-password', { current_password: 'not it at all 9', new_password: 'brand new secret 77' });
    expect(wrong.status).toBe(401);
    expect((await publicCall('POST', '/auth/change-password', { current_password: 'a', new_password: 'b' })).status).toBe(401);
  });

  it('a wrong current password is audited as a failed auth.change_password and counts towards the sign-in lockout', async () => {
    const user = await freshUser();
    const { token } = (await login(user.email)).json;
    const wrong = await asUser(token, 'POST', '/auth/change-password', { current_password: 'not it at all 9', new_password: 'brand new secret 77' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toEqual({ code: 'invalid_credentials', message: 'Current password is incorrect', fields: [{ path: 'current_password', message: 'Current password is incorrect' }] });
    const { prisma } = vault.runtime.db;
    expect(await prisma.auditLog.findFirst({ where: { requestId: wrong.headers.get('x-request-id')! } })).toMatchObject({
      action: 'auth.change_password',
      outcome: 'failure',
      statusCode: 401,
      userId: user.id,
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { failedLogins: true } })).failedLogins).toBe(1);
    // Nine more failures in all (sign-in and change-password share the counter) lock the account.
    for (let attempt = 0; attempt < 4; attempt++) expect((await asUser(token, 'POST', '/auth/change-password', { current_password: `wrong guess ${attempt}x`, new_password: 'brand new secret 77' })).status).toBe(401);
    for (let attempt = 0; attempt < 4; attempt++) expect((await login(user.email, `wrong login ${attempt}x`)).status).toBe(401);
    const tenth = await login(user.email, 'wrong login 9x');
    expect(tenth.status).toBe(401);
    expect(tenth.headers.get('retry-after')).toBe('1800');
    expect((await login(user.email)).status).toBe(401);
  });

  it('after 5 wrong current passwords in 15 minutes: 429 rate_limited with Retry-After, even for the right one; audited', async () => {
    const user = await freshUser();
    const { token } = (await login(user.email)).json;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await asUser(token, 'POST', '/auth/change-password', { current_password: `wrong guess ${attempt}x`, new_password: 'brand new secret 77' })).status).toBe(401);
    }
    for (const current of ['wrong guess 6x', TEST_PASSWORD]) {
      const limited = await asUser(token, 'POST', '/auth/change-password', { current_password: current, new_password: 'brand new secret 77' });
      expect(limited.status).toBe(429);
      expect(limited.json).toEqual({ success: false, error: { code: 'rate_limited', message: 'Too many requests' }, request_id: limited.headers.get('x-request-id') });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: limited.headers.get('x-request-id')! } })).toMatchObject({
        action: 'auth.change_password',
        outcome: 'failure',
        statusCode: 429,
        userId: user.id,
      });
    }
    // The password did not change.
    expect((await login(user.email)).status).toBe(200);
  });

  it('the limit is per user: another user changes their password meanwhile', async () => {
    const first = await freshUser();
    const second = await freshUser();
    const firstToken = (await login(first.email)).json.token;
    for (let attempt = 0; attempt < 5; attempt++) await asUser(firstToken, 'POST', '/auth/change-password', { current_password: `wrong guess ${attempt}x`, new_password: 'brand new secret 77' });
    const secondToken = (await login(second.email)).json.token;
    expect((await asUser(secondToken, 'POST', '/auth/change-password', { current_password: TEST_PASSWORD, new_password: 'brand new secret 77' })).status).toBe(200);
  });

  it('refuses the last 4 passwords, accepts the 5th oldest', async () => {
    const user = await freshUser();
    const passwords = [TEST_PASSWORD, 'second secret 2222', 'third secret 33333', 'fourth secret 4444', 'fifth secret 55555'];
    let token = (await login(user.email)).json.token;
    for (let i = 1; i < passwords.length; i++) {
      expect((await asUser(token, 'POST', '/auth/change-password', { current_password: passwords[i - 1], new_password: passwords[i] })).status).toBe(200);
    }
    token = (await login(user.email, passwords[4])).json.token;
    const reuse = await asUser(token, 'POST', '/auth/change-password', { current_password: passwords[4], new_password: passwords[1] });
    expect(reuse.status).toBe(400);
    const oldest = await asUser(token, 'POST', '/auth/change-password', { current_password: passwords[4], new_password: passwords[0] });
    expect(oldest.status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use link; the reset ends every session; the same answer for unknown emails', async () => {
    const user = await freshUser();
    const session = (await login(user.email)).json.token;
    const unknown = await publicCall('POST', '/auth/forgot-password', { email: 'nobody-here@example.com' });
    const known = await publicCall('POST', '/auth/forgot-password', { email: user.email });
    for (const response of [unknown, known]) {
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ success: true, message: 'If this email is registered, a reset link has been sent' });
    }
    const mails = await mailsTo(vault.runtime.mailDataDir, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Vault password');
    const token = /reset-password#token=([0-9A-Za-z]+)/.exec(mails[0]!.text)![1]!;
    expect(vault.logs.join('\n')).not.toContain(token);

    // The link carries the token in its fragment (never sent by a browser); the page posts it.
    expect(mails[0]!.text).toContain(`${vault.runtime.config.APP_URL}/reset-password#token=${token}\n`);
    expect(mails[0]!.text).not.toContain('?token=');
    expect((await publicCall('POST', '/auth/verify-reset-token', { token })).json).toEqual({ success: true, valid: true, purpose: 'forgot', expires_at: expect.any(String) });
    expect((await publicCall('GET', `/auth/verify-reset-token?token=${token}`)).json).toMatchObject({ success: true, valid: true });
    const reset = await publicCall('POST', '/auth/reset-password', { token, new_password: 'reset secret 31337' });
    expect(reset.status).toBe(200);
    expect((await asUser(session, 'GET', '/auth/verify')).status).toBe(401);
    expect((await login(user.email, 'reset secret 31337')).status).toBe(200);

    const again = await publicCall('POST', '/auth/reset-password', { token, new_password: 'another secret 4242' });
    expect(again.status).toBe(400);
    expect(again.json.error).toEqual({ code: 'invalid_token', message: 'Invalid or expired token' });
    expect((await publicCall('GET', `/auth/verify-reset-token?token=${token}`)).status).toBe(400);
    for (const body of [{ token }, { token: '' }, {}]) {
      const refused = await publicCall('POST', '/auth/verify-reset-token', body);
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe('invalid_token');
    }
  });

  it('a refused new password does not use up the link; an expired link is refused', async () => {
    const user = await freshUser();
    await publicCall('POST', '/auth/forgot-password', { email: user.email });
    const mail = (await mailsTo(vault.runtime.mailDataDir, user.email)).at(-1)!;
    const token = /token=([0-9A-Za-z]+)/.exec(mail.text)![1]!;
    expect((await publicCall('POST', '/auth/reset-password', { token, new_password: 'short1' })).status).toBe(400);
    expect((await publicCall('GET', `/auth/verify-reset-token?token=${token}`)).status).toBe(200);
    await vault.runtime.db.prisma.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await publicCall('POST', '/auth/reset-password', { token, new_password: 'valid new secret 88' })).status).toBe(400);
  });
});

describe('expired passwords', () => {
  it('login answers 403 with a reset token; reset-expired-password sets a new one; expiry info tells days left', async () => {
    const user = await freshUser();
    await vault.runtime.db.prisma.user.update({ where: { id: user.id }, data: { passwordChangedAt: new Date(Date.now() - 100 * 86_400_000) } });
    const expired = await login(user.email);
    expect(expired.status).toBe(403);
    const body = { token: expired.json.reset_token, current_password: TEST_PASSWORD, new_password: 'fresh secret 2026x' };
    expect((await publicCall('POST', '/auth/reset-expired-password', { ...body, current_password: 'wrong one here 1' })).status).toBe(401);
    expect((await publicCall('POST', '/auth/reset-expired-password', { ...body, token: 'garbage' })).status).toBe(401);
    const changed = await publicCall('POST', '/auth/reset-expired-password', body);
    expect(changed.status).toBe(200);
    const reused = await publicCall('POST', '/auth/reset-expired-password', { ...body, current_password: 'fresh secret 2026x', new_password: 'third secret 2026y' });
    expect(reused.status).toBe(401);
    expect(reused.json.error).toEqual({ code: 'unauthorized', message: 'Invalid or expired token' });
    const session = await login(user.email, 'fresh secret 2026x');
    expect(session.status).toBe(200);
    const info = await asUser(session.json.token, 'GET', '/auth/password-expiry-info');
    expect(info.json).toMatchObject({ success: true, applies: true, days_left: 90, expired: false });
  });

  it('the reset token is for this door only, and expires', async () => {
    const user = await freshUser();
    await vault.runtime.db.prisma.user.update({ where: { id: user.id }, data: { passwordChangedAt: new Date(Date.now() - 100 * 86_400_000) } });
    const token = (await login(user.email)).json.reset_token;
    // A mailed-link door would set a password without the current one: it does not take this token.
    expect((await publicCall('GET', `/auth/verify-reset-token?token=${token}`)).status).toBe(400);
    expect((await publicCall('POST', '/auth/reset-password', { token, new_password: 'valid new secret 88' })).status).toBe(400);
    await vault.runtime.db.prisma.passwordResetToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await publicCall('POST', '/auth/reset-expired-password', { token, current_password: TEST_PASSWORD, new_password: 'fresh secret 2026x' });
    expect(late.status).toBe(401);
  });

  it('a mailed reset link does not open this door', async () => {
    const user = await freshUser();
    await publicCall('POST', '/auth/forgot-password', { email: user.email });
    const mail = (await mailsTo(vault.runtime.mailDataDir, user.email)).at(-1)!;
    const token = /token=([0-9A-Za-z]+)/.exec(mail.text)![1]!;
    const response = await publicCall('POST', '/auth/reset-expired-password', { token, current_password: TEST_PASSWORD, new_password: 'fresh secret 2026x' });
    expect(response.status).toBe(401);
    expect((await publicCall('GET', `/auth/verify-reset-token?token=${token}`)).json).toMatchObject({ valid: true, purpose: 'forgot' });
  });
});
