// MFA end to end: setup (totp_uri, QR, backup codes) → confirm → login asks for the code → TOTP step
// (replay refused) or backup code (single use) → status → disable.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD } from '../helpers/users';

let vault: TestVault;
let user: { id: string; email: string };
let accountId: string;
beforeAll(async () => {
  vault = await startTestVault();
  const users = await seedUsers(vault, 'mfa');
  user = users.developer;
  accountId = users.accountId;
});
afterAll(() => vault?.close());

let password = TEST_PASSWORD;
const login = () => vault.call('POST', '/auth/login', { key: null, json: { email: user.email, password } });
const asUser = (token: string, method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${token}` } });
const publicCall = (path: string, json: unknown) => vault.call('POST', path, { key: null, json });
/**
 * The code of the 30-second step `offset` steps from now. Codes one step away are valid only while the
 * server sees the same current step, so this waits out the last second before a step boundary.
 */
async function codeAt(secret: string, offset: number): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 29_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
  return generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + offset) * 30 });
}

describe('MFA', () => {
  let secret: string;
  let backupCodes: string[];
  let session: string;

  it('setup returns the otpauth URI, a QR code and 10 backup codes; MFA stays off until confirmed', async () => {
    session = (await login()).json.token;
    const response = await asUser(session, 'POST', '/user/settings/mfa', { enable: true });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ success: true, enabled: false, pending: true, totp_uri: expect.stringMatching(/^otpauth:\/\/totp\/Vault:/), qr_code: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(response.json.backup_codes).toHaveLength(10);
    secret = new URL(response.json.totp_uri).searchParams.get('secret')!;
    backupCodes = response.json.backup_codes;
    expect((await asUser(session, 'GET', '/auth/mfa/status')).json).toEqual({ success: true, enabled: false, backup_codes_remaining: 0 });
    const row = await vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { mfaPendingSecret: true } });
    expect(Buffer.from(row.mfaPendingSecret!).toString('latin1')).not.toContain(secret);
  });

  it('a wrong code does not confirm; the right one does', async () => {
    expect((await asUser(session, 'POST', '/user/settings/mfa', { enable: true, code: '000000' === (await codeAt(secret, 0)) ? '111111' : '000000' })).status).toBe(401);
    const confirmed = await asUser(session, 'POST', '/user/settings/mfa', { enable: true, code: await codeAt(secret, 0) });
    expect(confirmed.json).toEqual({ success: true, enabled: true, message: 'MFA enabled' });
    for (const path of ['/auth/mfa/status', '/mfa-status']) {
      expect((await asUser(session, 'GET', path)).json).toEqual({ success: true, enabled: true, backup_codes_remaining: 10 });
    }
  });

  it('login now asks for the code; the TOTP step gives a session; the same code is refused again', async () => {
    const first = await login();
    expect(first.json).toEqual({ success: true, mfa_required: true, mfa_token: expect.any(String) });
    const code = await codeAt(secret, -1);
    const verified = await publicCall('/auth/mfa/verify', { code, mfa_token: first.json.mfa_token });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ success: true, token: expect.any(String), user: { id: user.id, mfa_enabled: true } });
    expect(verified.headers.get('set-cookie')).toMatch(/^vault_session=/);
    expect((await asUser(verified.json.token, 'GET', '/auth/verify')).status).toBe(200);

    const replay = await publicCall('/auth/mfa/verify', { code, mfa_token: (await login()).json.mfa_token });
    expect(replay.status).toBe(401);
    expect(replay.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid MFA code' });
    expect((await publicCall('/auth/mfa/verify', { code: await codeAt(secret, 5), mfa_token: first.json.mfa_token })).status).toBe(401);
    expect((await publicCall('/auth/mfa/verify', { code, mfa_token: 'not-a-token' })).status).toBe(401);
  });

  it('an mfa_token gives one session: used, it is refused even with a new valid code', async () => {
    const mfaToken = (await login()).json.mfa_token;
    expect((await publicCall('/auth/mfa/verify-backup', { code: backupCodes[4], mfa_token: mfaToken })).status).toBe(200);
    const again = await publicCall('/auth/mfa/verify-backup', { code: backupCodes[1], mfa_token: mfaToken });
    expect(again.status).toBe(401);
    expect(again.json.error).toEqual({ code: 'unauthorized', message: 'Invalid or expired token' });
    expect((await asUser(session, 'GET', '/mfa-status')).json.backup_codes_remaining).toBe(9);
  });

  it('a password change ends pending MFA logins: their mfa_token no longer completes', async () => {
    const pending = (await login()).json.mfa_token;
    const changed = await asUser(session, 'POST', '/auth/change-password', { current_password: password, new_password: 'another secret 2026' });
    expect(changed.status).toBe(200);
    password = 'another secret 2026';
    expect((await publicCall('/auth/mfa/verify-backup', { code: backupCodes[1], mfa_token: pending })).status).toBe(401);
    expect((await asUser(session, 'GET', '/mfa-status')).json.backup_codes_remaining).toBe(9);
  });

  it('audits the password step of an MFA login as such, and the second factor as the login', async () => {
    const first = await login();
    const step = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: first.headers.get('x-request-id')! } });
    expect(step).toMatchObject({ action: 'auth.login_mfa_required', outcome: 'success', statusCode: 200, accountId, userId: user.id });
    const verified = await publicCall('/auth/mfa/verify-backup', { code: backupCodes[2], mfa_token: first.json.mfa_token });
    const done = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: verified.headers.get('x-request-id')! } });
    expect(done).toMatchObject({ action: 'auth.mfa_verify_backup', outcome: 'success', statusCode: 200, accountId, userId: user.id });
  });

  it('a backup code works once', async () => {
    const mfaToken = (await login()).json.mfa_token;
    const used = await publicCall('/auth/mfa/verify-backup', { code: backupCodes[0]!.toUpperCase(), mfa_token: mfaToken });
    expect(used.status).toBe(200);
    expect((await publicCall('/auth/mfa/verify-backup', { code: backupCodes[0], mfa_token: (await login()).json.mfa_token })).status).toBe(401);
    expect((await asUser(used.json.token, 'GET', '/mfa-status')).json.backup_codes_remaining).toBe(7);
  });

  it('refused MFA changes are audited with their status', async () => {
    const attempts = [
      await asUser(session, 'POST', '/user/settings/mfa', { enable: false, code: '000000' === (await codeAt(secret, 0)) ? '111111' : '000000' }),
      await asUser(session, 'POST', '/auth/mfa/disable', { code: backupCodes[3] }),
      await asUser(session, 'POST', '/user/settings/mfa', { enable: true }),
      await asUser(session, 'POST', '/user/settings/mfa', { enable: false }),
    ];
    expect(attempts.map((response) => response.status)).toEqual([401, 401, 409, 400]);
    const rows = await Promise.all(attempts.map((response) => vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } })));
    expect(rows.map((row) => [row?.action, row?.outcome, row?.statusCode, row?.userId, row?.resource])).toEqual([
      ['mfa.disable', 'failure', 401, user.id, `user:${user.id}`],
      ['mfa.disable', 'failure', 401, user.id, `user:${user.id}`],
      ['mfa.setup_start', 'failure', 409, user.id, `user:${user.id}`],
      ['mfa.disable', 'failure', 400, user.id, `user:${user.id}`],
    ]);
  });

  it('disabling needs a valid code; then login is a plain password login again', async () => {
    expect((await asUser(session, 'POST', '/auth/mfa/disable', { code: '12345' })).status).toBe(401);
    const disabled = await asUser(session, 'POST', '/auth/mfa/disable', { code: await codeAt(secret, 1) });
    expect(disabled.json).toEqual({ success: true, enabled: false, message: 'MFA disabled' });
    expect((await login()).json).toMatchObject({ success: true, token: expect.any(String) });
    expect(await vault.runtime.db.prisma.backupCode.count({ where: { userId: user.id } })).toBe(0);
  });

  it('needs a session', async () => {
    expect((await vault.call('POST', '/user/settings/mfa', { key: null, json: { enable: true } })).status).toBe(401);
    expect((await vault.call('GET', '/mfa-status', { key: null })).status).toBe(401);
  });
});
