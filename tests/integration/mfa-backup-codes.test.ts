// POST /user/settings/mfa/backup-codes: 10 new backup codes for a current TOTP code; the earlier codes stop
// working; 409 mfa_not_enabled while MFA is off; a wrong code counts towards the lockout; every attempt
// audited. Self-service: any role regenerates their own codes (there is no other user's resource to reach).
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'backup');
});
afterAll(() => vault?.close());

const PATH = '/user/settings/mfa/backup-codes';
const asUser = (token: string | null, method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: token ? { authorization: `Bearer ${token}` } : {} });
const errorBody = (response: ApiResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

/** The code of the step `offset` steps from now (waiting out a step boundary, as auth-mfa.test.ts does). */
async function codeAt(secret: string, offset: number): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 29_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
  return generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + offset) * 30 });
}
const wrongCode = async (secret: string) => ((await codeAt(secret, 0)) === '000000' ? '111111' : '000000');

/** Turns MFA on for a signed-in user: their session, TOTP secret and first backup codes. */
async function withMfa(email: string): Promise<{ session: string; secret: string; codes: string[] }> {
  const session = await loginAs(vault, email);
  const setup = await asUser(session, 'POST', '/user/settings/mfa', { enable: true });
  const secret = new URL(setup.json.totp_uri).searchParams.get('secret')!;
  expect((await asUser(session, 'POST', '/user/settings/mfa', { enable: true, code: await codeAt(secret, -1) })).status).toBe(200);
  return { session, secret, codes: setup.json.backup_codes };
}

/** A login's second step with a backup code. */
async function signInWithBackup(email: string, code: string): Promise<ApiResponse> {
  const first = await vault.call('POST', '/auth/login', { key: null, json: { email, password: TEST_PASSWORD } });
  expect(first.json.mfa_required).toBe(true);
  return vault.call('POST', '/auth/mfa/verify-backup', { key: null, json: { code, mfa_token: first.json.mfa_token } });
}

describe('happy', () => {
  it('a current code → 10 new codes; the old ones stop working, the new ones work once', async () => {
    const { session, secret, codes } = await withMfa(users.viewer.email);
    const response = await asUser(session, 'POST', PATH, { code: await codeAt(secret, 0) });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, backup_codes: expect.any(Array) });
    const fresh: string[] = response.json.backup_codes;
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(fresh).size).toBe(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect(await auditOf(response)).toMatchObject({ action: 'mfa.backup_codes_regenerate', outcome: 'success', statusCode: 200, userId: users.viewer.id, resource: `user:${users.viewer.id}` });
    // Never stored or logged in clear.
    expect(vault.logs.join('\n')).not.toContain(fresh[0]);
    expect((await asUser(session, 'GET', '/auth/mfa/status')).json).toEqual({ success: true, enabled: true, backup_codes_remaining: 10 });

    const old = await signInWithBackup(users.viewer.email, codes[0]!);
    expect(old.status).toBe(401);
    expect(old.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid MFA code' });
    expect((await signInWithBackup(users.viewer.email, fresh[0]!)).status).toBe(200);
    expect((await signInWithBackup(users.viewer.email, fresh[0]!)).status).toBe(401);
  });
});

describe('error', () => {
  it('409 mfa_not_enabled while MFA is off (audited); nothing written', async () => {
    const session = await loginAs(vault, users.developer.email);
    const response = await asUser(session, 'POST', PATH, { code: '123456' });
    expect(response.status).toBe(409);
    expect(response.json).toEqual(errorBody(response, 'mfa_not_enabled', 'MFA is not enabled'));
    expect(await auditOf(response)).toMatchObject({ action: 'mfa.backup_codes_regenerate', outcome: 'failure', statusCode: 409, userId: users.developer.id });
    expect(await vault.runtime.db.prisma.backupCode.count({ where: { userId: users.developer.id } })).toBe(0);
  });

  it('a wrong code → 401 Invalid MFA code, counted towards the lockout, codes unchanged; while locked even a right code is refused', async () => {
    const { session, secret, codes } = await withMfa(users.admin.email);
    const before = await vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: users.admin.id }, select: { failedLogins: true } });
    const response = await asUser(session, 'POST', PATH, { code: await wrongCode(secret) });
    expect(response.status).toBe(401);
    expect(response.json).toEqual(errorBody(response, 'invalid_credentials', 'Invalid MFA code'));
    expect(await auditOf(response)).toMatchObject({ action: 'mfa.backup_codes_regenerate', outcome: 'failure', statusCode: 401 });
    const after = await vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: users.admin.id }, select: { failedLogins: true } });
    expect(after.failedLogins).toBe(before.failedLogins + 1);
    // The ninth earlier failure: this wrong code locks the account.
    await vault.runtime.db.prisma.user.update({ where: { id: users.admin.id }, data: { failedLogins: 9 } });
    const locking = await asUser(session, 'POST', PATH, { code: await wrongCode(secret) });
    expect(locking.status).toBe(401);
    expect(Number(locking.headers.get('retry-after'))).toBeGreaterThan(0);
    const locked = await asUser(session, 'POST', PATH, { code: await codeAt(secret, 0) });
    expect(locked.status).toBe(401);
    expect(locked.json).toEqual(errorBody(locked, 'invalid_credentials', 'Invalid MFA code'));
    await vault.runtime.db.prisma.user.update({ where: { id: users.admin.id }, data: { failedLogins: 0, lockedUntil: null } });
    // The first codes still work: nothing was replaced.
    expect((await signInWithBackup(users.admin.email, codes[1]!)).status).toBe(200);
  });

  it('a replayed TOTP code is refused', async () => {
    const { session, secret } = await withMfa(users.owner.email);
    const code = await codeAt(secret, 0);
    expect((await asUser(session, 'POST', PATH, { code })).status).toBe(200);
    expect((await asUser(session, 'POST', PATH, { code })).status).toBe(401);
  });

  it('400 without a code', async () => {
    const session = await loginAs(vault, users.developer.email);
    const response = await asUser(session, 'POST', PATH, {});
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
  });
});

describe('security', () => {
  it('no session → 401', async () => {
    const response = await asUser(null, 'POST', PATH, { code: '123456' });
    expect(response.status).toBe(401);
    expect(response.json).toEqual(errorBody(response, 'unauthorized', 'Authentication required'));
  });

  it('a cross-site request with the session cookie → 403 forbidden_origin, codes unchanged', async () => {
    const { session, secret } = await withMfa(users.developer.email);
    const codesOf = () => vault.runtime.db.prisma.backupCode.findMany({ where: { userId: users.developer.id }, omit: { codeHash: false }, orderBy: { id: 'asc' } });
    const before = await codesOf();
    const response = await vault.call('POST', PATH, {
      key: null,
      json: { code: await codeAt(secret, 0) },
      headers: { cookie: `vault_session=${session}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'forbidden_origin', 'Cross-origin requests are not allowed'));
    expect(await codesOf()).toEqual(before);
  });
});
