// Registration hardening: closed by default (VAULT_REGISTRATION), no answer that tells which emails have
// an account (the ticket is checked before anything about the email; an email with an account is mailed
// "someone tried", never a code), and the three doors limited per client IP and per email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_ATTEMPTS_PER_EMAIL, REGISTRATION_ATTEMPTS_PER_IP } from '../../lib/auth/registration-gate';
import { readOutbox } from '../../lib/mail/outbox';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';

const DOORS = ['/auth/send-verification-code', '/auth/verify-email-code', '/auth/register'] as const;
const strongPassword = 'a strong secret 2026';
const registration = (email: string, ticket: string, password = strongPassword) => ({ email, password, name: 'Ada', account_name: 'Engines', ticket });
const bodies = {
  '/auth/send-verification-code': (email: string) => ({ email }),
  '/auth/verify-email-code': (email: string) => ({ email, code: '123456' }),
  '/auth/register': (email: string) => registration(email, 'no-such-ticket'),
};

function expectError(response: ApiResponse, status: number, code: string, message: string) {
  expect(response.status).toBe(status);
  expect(response.json).toEqual({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
}

describe('VAULT_REGISTRATION=closed (the default)', () => {
  let vault: TestVault;
  let existing: string;
  beforeAll(async () => {
    vault = await startTestVault();
    existing = (await seedUsers(vault, 'closed')).owner.email;
  });
  afterAll(() => vault?.close());

  it.each(DOORS)('%s answers 403 registration_closed, for a new and an existing email, and mails nothing', async (door) => {
    for (const email of ['newcomer@example.com', existing]) {
      expectError(await vault.call('POST', door, { key: null, json: bodies[door](email) }), 403, 'registration_closed', 'Registration is closed');
    }
    expect(await readOutbox(vault.runtime.mailDataDir)).toEqual([]);
  });

  it.each(DOORS)('%s is closed before the body is read (malformed JSON, empty body)', async (door) => {
    expectError(await vault.call('POST', door, { key: null, body: '{"email":', headers: { 'content-type': 'application/json' } }), 403, 'registration_closed', 'Registration is closed');
    expectError(await vault.call('POST', door, { key: null, json: {} }), 403, 'registration_closed', 'Registration is closed');
  });

  it('invitations and sign-in are unaffected', async () => {
    expect((await vault.call('POST', '/auth/login', { key: null, json: { email: existing, password: 'correct horse battery 42' } })).status).toBe(200);
  });
});

describe('VAULT_REGISTRATION=open: nothing tells which emails have an account', () => {
  let vault: TestVault;
  let existing: string;
  beforeAll(async () => {
    vault = await startTestVault({ env: { VAULT_REGISTRATION: 'open' } });
    existing = (await seedUsers(vault, 'open')).owner.email;
  });
  afterAll(() => vault?.close());
  const post = (path: string, json: unknown) => vault.call('POST', path, { key: null, json });
  const mailsTo = async (email: string) => (await readOutbox(vault.runtime.mailDataDir)).filter((mail) => mail.to === email);

  it('asking for a code: the same answer for an existing email; its owner is told someone tried, and gets no code', async () => {
    const fresh = await post('/auth/send-verification-code', { email: 'fresh@example.com' });
    const taken = await post('/auth/send-verification-code', { email: existing.toUpperCase() });
    expect(taken.status).toBe(fresh.status);
    expect(taken.json).toEqual(fresh.json);
    expect(taken.json).toEqual({ success: true, message: 'Verification code sent', expires_in_seconds: 600 });

    const [notice, ...more] = await mailsTo(existing);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Someone tried to register with your email');
    expect(notice!.text).toContain('already has an account');
    expect(notice!.text).toContain(`${vault.runtime.config.APP_URL}/login`);
    expect(notice!.text).not.toMatch(/\b\d{6}\b/);
    expect((await mailsTo('fresh@example.com'))[0]!.subject).toBe('Your Vault verification code');
  });

  it('the code step answers an existing email exactly like a wrong code for a new one', async () => {
    await post('/auth/send-verification-code', { email: 'fresh2@example.com' });
    const code = /code is (\d{6})/.exec((await mailsTo('fresh2@example.com')).at(-1)!.text)![1]!;
    const wrongForNew = await post('/auth/verify-email-code', { email: 'fresh2@example.com', code: code === '000000' ? '111111' : '000000' });
    const anyForExisting = await post('/auth/verify-email-code', { email: existing, code });
    for (const response of [wrongForNew, anyForExisting]) expectError(response, 401, 'invalid_credentials', 'Invalid or expired verification code');
  });

  it('register without a valid ticket: the same 400 for an existing and a new email (never 409), before the password policy', async () => {
    const answers = [
      await post('/auth/register', registration(existing, 'forged-ticket')),
      await post('/auth/register', registration('nobody-yet@example.com', 'forged-ticket')),
      await post('/auth/register', registration(existing, 'forged-ticket', 'short')),
      await post('/auth/register', registration('nobody-yet@example.com', 'forged-ticket', 'short')),
    ];
    for (const response of answers) {
      expect(response.status).toBe(400);
      expect(response.json.error).toMatchObject({ code: 'invalid_token', message: 'Invalid or expired token', fields: [{ path: 'ticket', message: expect.any(String) }] });
    }
    expect(new Set(answers.map((response) => JSON.stringify({ ...response.json, request_id: null })))).toHaveProperty('size', 1);
  });

  it('a ticket for another email is refused and stays usable; a refused password keeps it too; then 201', async () => {
    const email = 'ticketed@example.com';
    await post('/auth/send-verification-code', { email });
    const code = /code is (\d{6})/.exec((await mailsTo(email)).at(-1)!.text)![1]!;
    const { ticket } = (await post('/auth/verify-email-code', { email, code })).json;
    expect((await post('/auth/register', registration(existing, ticket))).json.error.code).toBe('invalid_token');
    expect((await post('/auth/register', registration(email, ticket, 'short'))).json.error.code).toBe('password_rejected');
    expect((await post('/auth/register', registration(email, ticket))).status).toBe(201);
    expect((await post('/auth/register', registration(email, ticket))).json.error.code).toBe('invalid_token');
  });
});

describe('VAULT_REGISTRATION=open: rate limits per email and per client IP', () => {
  let vault: TestVault;
  beforeAll(async () => {
    // The client address comes from X-Forwarded-For (one trusted hop), so each test is its own client.
    vault = await startTestVault({ env: { VAULT_REGISTRATION: 'open', TRUST_PROXY: '1' } });
  });
  afterAll(() => vault?.close());
  const post = (ip: string, path: string, json: unknown) => vault.call('POST', path, { key: null, json, headers: { 'x-forwarded-for': ip } });

  it.each(DOORS)(`%s: ${REGISTRATION_ATTEMPTS_PER_EMAIL} requests per email and hour, then 429 with Retry-After`, async (door) => {
    const email = `limited-${door.split('/').at(-1)}@example.com`;
    // From changing addresses: the email's own limit holds whoever asks.
    for (let i = 0; i < REGISTRATION_ATTEMPTS_PER_EMAIL; i++) {
      expect((await post(`203.0.113.${i + 1}`, door, bodies[door](email))).status).not.toBe(429);
    }
    const limited = await post('203.0.113.200', door, bodies[door](email));
    expectError(limited, 429, 'rate_limited', 'Too many requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another email is not affected.
    expect((await post('203.0.113.201', door, bodies[door](`other-${email}`))).status).not.toBe(429);
  });

  it(`${REGISTRATION_ATTEMPTS_PER_IP} requests per client IP and hour across the three doors, whatever the forged left-most X-Forwarded-For says`, async () => {
    const ip = '198.51.100.77';
    const answers: ApiResponse[] = [];
    for (let i = 0; i < REGISTRATION_ATTEMPTS_PER_IP; i++) {
      const door = DOORS[i % DOORS.length]!;
      answers.push(await post(`10.${i}.0.1, ${ip}`, door, bodies[door](`ip-${i}@example.com`)));
    }
    expect(answers.filter((answer) => answer.status === 429)).toEqual([]);
    expectError(await post(`10.99.0.1, ${ip}`, '/auth/send-verification-code', { email: 'ip-last@example.com' }), 429, 'rate_limited', 'Too many requests');
    expect((await post('198.51.100.78', '/auth/send-verification-code', { email: 'ip-last@example.com' })).status).toBe(200);
  });
});
