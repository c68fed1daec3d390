// Registration with email verification: code by mail (10 minutes, 5 tries) → single-use ticket →
// account, owner and test project; the owner can log in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../lib/mail/outbox';
import { startTestVault, type TestVault } from '../helpers/test-vault';

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault({ env: { VAULT_REGISTRATION: 'open' } });
});
afterAll(() => vault?.close());

const post = (path: string, json: unknown) => vault.call('POST', path, { key: null, json });
async function mailedCode(email: string): Promise<string> {
  const mail = (await readOutbox(vault.runtime.mailDataDir)).filter((m) => m.to === email).at(-1)!;
  expect(mail.subject).toBe('Your Vault verification code');
  return /code is (\d{6})/.exec(mail.text)![1]!;
}
const registration = (email: string, ticket: string) => ({ email, password: 'a strong secret 2026', name: 'Ada Lovelace', account_name: 'Analytical Engines', ticket });

describe('registration', () => {
  it('code → ticket → account with owner and test project; the owner logs in', async () => {
    const email = 'ada@example.com';
    expect((await post('/auth/send-verification-code', { email })).json).toEqual({ success: true, message: 'Verification code sent', expires_in_seconds: 600 });
    const code = await mailedCode(email);
    expect(vault.logs.join('\n')).not.toContain(code);
    const verified = await post('/auth/verify-email-code', { email: 'ADA@example.com', code });
    expect(verified.json).toEqual({ success: true, verified: true, ticket: expect.any(String), expires_in_seconds: 1800 });
    expect((await post('/auth/verify-email-code', { email, code })).status).toBe(401);

    const registered = await post('/auth/register', registration(email, verified.json.ticket));
    expect(registered.status).toBe(201);
    expect(registered.json).toMatchObject({
      success: true,
      user: { email, name: 'Ada Lovelace', role: 'owner' },
      account: { name: 'Analytical Engines' },
      project: { name: 'Test project', environment: 'test' },
    });
    expect(registered.json.user.account_id).toBe(registered.json.account.id);
    expect((await post('/auth/register', registration('other@example.com', verified.json.ticket))).status).toBe(400);
    const login = await post('/auth/login', { email, password: 'a strong secret 2026' });
    expect(login.json.user).toMatchObject({ role: 'owner', account_id: registered.json.account.id });
  });

  it('5 wrong codes burn the code', async () => {
    const email = 'tries@example.com';
    await post('/auth/send-verification-code', { email });
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await post('/auth/verify-email-code', { email, code: wrong })).status).toBe(401);
    const after = await post('/auth/verify-email-code', { email, code });
    expect(after.status).toBe(401);
    expect(after.json.error).toEqual({ code: 'invalid_credentials', message: 'Invalid or expired verification code' });
  });

  it('a ticket is bound to its email; a weak password or a taken email is refused', async () => {
    const email = 'bound@example.com';
    await post('/auth/send-verification-code', { email });
    const { ticket } = (await post('/auth/verify-email-code', { email, code: await mailedCode(email) })).json;
    expect((await post('/auth/register', registration('someone-else@example.com', ticket))).status).toBe(400);
    // The ticket survives a refusal for another email; a weak password is refused with the rule.
    const weak = await post('/auth/register', { ...registration(email, ticket), password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json.error.code).toBe('password_rejected');
    expect((await post('/auth/register', registration(email, ticket))).status).toBe(201);

    // A ticket for an email registered since it was issued (an email with an account is never sent a code).
    const twice = 'twice@example.com';
    const tickets: string[] = [];
    for (let i = 0; i < 2; i++) {
      await post('/auth/send-verification-code', { email: twice });
      tickets.push((await post('/auth/verify-email-code', { email: twice, code: await mailedCode(twice) })).json.ticket);
    }
    expect((await post('/auth/register', registration(twice, tickets[0]!))).status).toBe(201);
    const taken = await post('/auth/register', registration(twice, tickets[1]!));
    expect(taken.status).toBe(409);
  });

  it.each([
    ['/auth/send-verification-code', { email: 'not-an-email' }, ['email']],
    ['/auth/verify-email-code', { email: 'a@b.co' }, ['code']],
    ['/auth/register', { email: 'a@b.co' }, ['password', 'name', 'account_name', 'ticket']],
  ])('%s validates %j', async (path, body, paths) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
  });
});
