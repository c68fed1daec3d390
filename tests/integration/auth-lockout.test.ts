// The account lockout, race-free and shared by every factor: failures are counted in the database with
// one UPDATE … RETURNING, so 50 concurrent wrong passwords lock an account exactly like 50 sequential
// ones; wrong TOTP and backup codes (the login's second step, /auth/mfa/disable, /user/settings/mfa) add
// to the same counter, and a lock then refuses the password and every code alike.
// Each test signs in from its own client address (TRUST_PROXY=1 and X-Forwarded-For), so the per-IP login
// limit (100 per 15 minutes) of one test never reaches another.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_SECONDS, MAX_FAILED_LOGINS } from '../../lib/auth/login-limits';
import { newTotpSecret, sealTotpSecret } from '../../lib/auth/mfa/totp';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD } from '../helpers/users';

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => vault?.close());

let nextClient = 1;
/** A client address of its own for each test. */
const newClient = () => `198.51.100.${nextClient++}`;

async function newUser(): Promise<{ id: string; email: string }> {
  return (await seedUsers(vault, 'lockout')).developer;
}

const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers });
const login = (ip: string, email: string, password = TEST_PASSWORD) =>
  vault.call('POST', '/auth/login', { key: null, json: { email, password }, headers: from(ip) });
const secondStep = (ip: string, path: '/auth/mfa/verify' | '/auth/mfa/verify-backup', mfaToken: string, code: string) =>
  vault.call('POST', path, { key: null, json: { mfa_token: mfaToken, code }, headers: from(ip) });
const asUser = (ip: string, token: string, path: string, json: unknown) =>
  vault.call('POST', path, { key: null, json, headers: from(ip, { authorization: `Bearer ${token}` }) });

async function lockState(userId: string) {
  return vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { failedLogins: true, lockedUntil: true } });
}

/** MFA on for `userId` with a fresh secret (sealed as the setup flow stores it). */
async function enableMfa(userId: string): Promise<string> {
  const secret = await newTotpSecret();
  const sealed = sealTotpSecret(vault.runtime.keyring.serviceKey('totp'), userId, secret) as Buffer<ArrayBuffer>;
  await vault.runtime.db.prisma.user.update({ where: { id: userId }, data: { mfaEnabled: true, mfaSecret: sealed } });
  return secret;
}

/** The current code (waiting out the last second of a step, so the server sees the same step). */
async function currentCode(secret: string): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 29_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/** A code that is none of the accepted ones (this step and one either side). */
async function wrongCode(secret: string): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const valid = await Promise.all([-1, 0, 1, 2].map((offset) => generate({ secret, epoch: (step + offset) * 30 })));
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !valid.includes(code))!;
}

const retryAfter = (response: ApiResponse) => response.headers.get('retry-after');

/** What a locked account answers to its right password. */
async function expectLockedLogin(ip: string, email: string) {
  const locked = await login(ip, email);
  expect(locked.status).toBe(401);
  expect(locked.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
  expect(Number(retryAfter(locked))).toBeGreaterThan(LOCKOUT_SECONDS - 30);
}

async function expectLockedInDatabase(userId: string) {
  const state = await lockState(userId);
  expect(state.failedLogins).toBe(0);
  expect(state.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + (LOCKOUT_SECONDS - 60) * 1000);
  expect(state.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + LOCKOUT_SECONDS * 1000);
}

describe('wrong passwords: concurrent like sequential', () => {
  const ATTEMPTS = 50;

  it(`${ATTEMPTS} concurrent wrong passwords lock the account exactly once, like ${ATTEMPTS} sequential ones`, async () => {
    const ip = newClient();
    const user = await newUser();
    const answers = await Promise.all(Array.from({ length: ATTEMPTS }, () => login(ip, user.email, 'wrong password 1')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(ATTEMPTS).fill(401));
    for (const answer of answers) expect(answer.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
    // 9 failures before the lock say nothing; the 10th locks (Retry-After 1800), the rest meet the lock.
    expect(answers.filter((answer) => retryAfter(answer) === null)).toHaveLength(MAX_FAILED_LOGINS - 1);
    expect(answers.filter((answer) => retryAfter(answer) === String(LOCKOUT_SECONDS))).not.toHaveLength(0);
    await expectLockedInDatabase(user.id);
    await expectLockedLogin(ip, user.email);
    const rows = await vault.runtime.db.prisma.auditLog.count({ where: { userId: user.id, action: 'auth.login', outcome: 'failure' } });
    expect(rows).toBe(ATTEMPTS + 1);
  });

  it(`${ATTEMPTS} sequential wrong passwords end in the same state`, async () => {
    const ip = newClient();
    const user = await newUser();
    const answers: ApiResponse[] = [];
    for (let i = 0; i < ATTEMPTS; i++) answers.push(await login(ip, user.email, 'wrong password 1'));
    expect(answers.filter((answer) => retryAfter(answer) === null)).toHaveLength(MAX_FAILED_LOGINS - 1);
    expect(retryAfter(answers[MAX_FAILED_LOGINS - 1]!)).toBe(String(LOCKOUT_SECONDS));
    await expectLockedInDatabase(user.id);
    await expectLockedLogin(ip, user.email);
  });

  it('9 failures then the right password: a session, and the count starts again', async () => {
    const ip = newClient();
    const user = await newUser();
    await Promise.all(Array.from({ length: MAX_FAILED_LOGINS - 1 }, () => login(ip, user.email, 'wrong password 1')));
    expect((await lockState(user.id)).failedLogins).toBe(MAX_FAILED_LOGINS - 1);
    expect((await login(ip, user.email)).status).toBe(200);
    expect(await lockState(user.id)).toEqual({ failedLogins: 0, lockedUntil: null });
  });
});

describe('wrong MFA codes count towards the same lockout', () => {
  it('login step: 10 wrong TOTP codes lock the account; then the right code and the right password are refused', async () => {
    const ip = newClient();
    const user = await newUser();
    const secret = await enableMfa(user.id);
    const { mfa_token: mfaToken } = (await login(ip, user.email)).json;
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) {
      const wrong = await secondStep(ip, '/auth/mfa/verify', mfaToken, await wrongCode(secret));
      expect(wrong.status).toBe(401);
      expect(retryAfter(wrong)).toBeNull();
    }
    const tenth = await secondStep(ip, '/auth/mfa/verify', mfaToken, await wrongCode(secret));
    expect(tenth.status).toBe(401);
    expect(tenth.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid MFA code' });
    expect(retryAfter(tenth)).toBe(String(LOCKOUT_SECONDS));
    await expectLockedInDatabase(user.id);

    const rightCode = await secondStep(ip, '/auth/mfa/verify', mfaToken, await currentCode(secret));
    expect(rightCode.status).toBe(401);
    expect(rightCode.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid MFA code' });
    expect(Number(retryAfter(rightCode))).toBeGreaterThan(LOCKOUT_SECONDS - 30);
    await expectLockedLogin(ip, user.email);
  });

  it('login step: wrong backup codes count as well', async () => {
    const ip = newClient();
    const user = await newUser();
    await enableMfa(user.id);
    const { mfa_token: mfaToken } = (await login(ip, user.email)).json;
    const answers: ApiResponse[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) answers.push(await secondStep(ip, '/auth/mfa/verify-backup', mfaToken, `ZZZZ-ZZZ${i}`));
    expect(answers.map((answer) => answer.status)).toEqual(Array(MAX_FAILED_LOGINS).fill(401));
    expect(retryAfter(answers.at(-1)!)).toBe(String(LOCKOUT_SECONDS));
    await expectLockedInDatabase(user.id);
    await expectLockedLogin(ip, user.email);
  });

  it('a right password in between does not clear the count while MFA is on; a right code does', async () => {
    const ip = newClient();
    const user = await newUser();
    const secret = await enableMfa(user.id);
    for (let round = 0; round < 2; round++) {
      const { mfa_token: mfaToken } = (await login(ip, user.email)).json;
      for (let i = 0; i < 4; i++) expect((await secondStep(ip, '/auth/mfa/verify', mfaToken, await wrongCode(secret))).status).toBe(401);
    }
    expect((await lockState(user.id)).failedLogins).toBe(8);
    const { mfa_token: mfaToken } = (await login(ip, user.email)).json;
    const signedIn = await secondStep(ip, '/auth/mfa/verify', mfaToken, await currentCode(secret));
    expect(signedIn.status).toBe(200);
    expect(await lockState(user.id)).toEqual({ failedLogins: 0, lockedUntil: null });
  });

  it('concurrent wrong codes at the login step lock exactly once', async () => {
    const ip = newClient();
    const user = await newUser();
    const secret = await enableMfa(user.id);
    const { mfa_token: mfaToken } = (await login(ip, user.email)).json;
    const wrong = await wrongCode(secret);
    const answers = await Promise.all(Array.from({ length: 30 }, () => secondStep(ip, '/auth/mfa/verify', mfaToken, wrong)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(401));
    expect(answers.filter((answer) => retryAfter(answer) === null)).toHaveLength(MAX_FAILED_LOGINS - 1);
    await expectLockedInDatabase(user.id);
  });

  it.each([
    ['/auth/mfa/disable', (code: string) => ({ code })],
    ['/user/settings/mfa', (code: string) => ({ enable: false, code })],
  ])('%s: wrong codes lock the account; MFA stays on and the password no longer signs in', async (path, body) => {
    const ip = newClient();
    const user = await newUser();
    const session = (await login(ip, user.email)).json.token as string;
    const secret = await enableMfa(user.id);
    const answers: ApiResponse[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) answers.push(await asUser(ip, session, path, body(await wrongCode(secret))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(MAX_FAILED_LOGINS).fill(401));
    expect(answers.slice(0, -1).map(retryAfter)).toEqual(Array(MAX_FAILED_LOGINS - 1).fill(null));
    expect(retryAfter(answers.at(-1)!)).toBe(String(LOCKOUT_SECONDS));
    await expectLockedInDatabase(user.id);

    // Locked: even the right code does not turn MFA off, and the password does not sign in.
    const right = await asUser(ip, session, path, body(await currentCode(secret)));
    expect(right.status).toBe(401);
    expect(right.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid MFA code' });
    expect((await vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { mfaEnabled: true } })).mfaEnabled).toBe(true);
    await expectLockedLogin(ip, user.email);
  });

  it('the right code turns MFA off while the account is not locked (happy path)', async () => {
    const ip = newClient();
    const user = await newUser();
    const session = (await login(ip, user.email)).json.token as string;
    const secret = await enableMfa(user.id);
    expect((await asUser(ip, session, '/auth/mfa/disable', { code: await wrongCode(secret) })).status).toBe(401);
    expect((await lockState(user.id)).failedLogins).toBe(1);
    const off = await asUser(ip, session, '/auth/mfa/disable', { code: await currentCode(secret) });
    expect(off.json).toEqual({ success: true, enabled: false, message: 'MFA disabled' });
  });
});
