// The dashboard's sign-in through next-auth, driven through next-auth's own public request handler (CSRF
// check, credentials callbacks, cookies, session and sign-out routes) against a test vault: its session
// cookie is the API's `vault_session`, so the browser session and the API bearer token are one session.
// (The browser flow, through Next itself, is e2e/dashboard-login.spec.ts.)
import NextAuth, { type AuthOptions } from 'next-auth';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardAuthOptions } from '../../lib/dashboard/auth-options';
import { decodeSignInStep } from '../../lib/dashboard/sign-in-outcome';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'dash');
});
afterAll(() => vault?.close());

type Cookie = { name: string; value: string; attributes: Record<string, string | true> };
type Internal = { status: number; body?: any; redirect?: string; cookies: Cookie[] };

const HEADERS = { host: '127.0.0.1', 'x-forwarded-for': '203.0.113.9', 'user-agent': 'vitest' };

function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  return {
    name: pair.slice(0, at),
    value: decodeURIComponent(pair.slice(at + 1)),
    attributes: Object.fromEntries(attributes.map((attribute) => {
      const [key = '', ...rest] = attribute.split('=');
      return [key.toLowerCase(), rest.length ? rest.join('=') : true];
    })),
  };
}

/** One request through next-auth's pages-router handler, with a minimal response object. */
async function callNextAuth(options: AuthOptions, action: string, request: { method?: string; providerId?: string; body?: Record<string, string>; cookies?: Record<string, string> } = {}): Promise<Internal> {
  const headers = new Map<string, unknown>();
  const result: Internal = { status: 200, cookies: [] };
  const res = {
    status(code: number) { result.status = code; return res; },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader(name: string, value: unknown) { headers.set(name.toLowerCase(), value); return res; },
    json(body: unknown) { result.body = body; },
    send(body: unknown) { result.body = typeof body === 'string' && body.startsWith('{') ? JSON.parse(body) : body; },
    end() {},
  };
  const req = {
    method: request.method ?? 'GET',
    query: { nextauth: [action, ...(request.providerId ? [request.providerId] : [])] },
    body: request.body ?? {},
    cookies: request.cookies ?? {},
    headers: HEADERS,
  };
  await NextAuth(req as never, res as never, options);
  result.cookies = ((headers.get('set-cookie') as string[] | undefined) ?? []).map(parseSetCookie);
  result.redirect = (result.body as { url?: string } | undefined)?.url ?? (headers.get('location') as string | undefined);
  return result;
}

const nextAuth = (action: string, request: Parameters<typeof callNextAuth>[2] = {}) => callNextAuth(dashboardAuthOptions(vault.runtime), action, request);

/** A fresh CSRF token and its cookie, as the browser's `signIn()` gets them from /api/auth/csrf. */
async function csrf(): Promise<{ token: string; cookies: Record<string, string> }> {
  const answer = await nextAuth('csrf');
  return { token: answer.body.csrfToken, cookies: Object.fromEntries(answer.cookies.map((cookie) => [cookie.name, cookie.value])) };
}

async function signIn(providerId: 'credentials' | 'mfa', fields: Record<string, string>) {
  const { token, cookies } = await csrf();
  const answer = await nextAuth('callback', { method: 'POST', providerId, body: { ...fields, csrfToken: token, callbackUrl: '/dashboard', json: 'true' }, cookies });
  const session = answer.cookies.find((cookie) => cookie.name === 'vault_session');
  const error = answer.redirect ? new URL(answer.redirect, 'http://x').searchParams.get('error') : null;
  return { answer, session, error };
}

const verify = (token: string) => vault.call('GET', '/auth/verify', { key: null, headers: { authorization: `Bearer ${token}` } });

async function codeAt(secret: string, offset: number): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 29_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
  return generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + offset) * 30 });
}

describe('next-auth credentials sign-in', () => {
  it('sets the vault_session cookie holding an API session JWT (HttpOnly, SameSite=Lax)', async () => {
    const { answer, session, error } = await signIn('credentials', { email: users.developer.email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(answer.redirect).toMatch(/\/dashboard$/);
    expect(session).toBeDefined();
    expect(session!.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    // Plain http on 127.0.0.1 (APP_URL of the test vault): no Secure flag, or the browser would drop it.
    expect(session!.attributes.secure).toBeUndefined();
    const verified = await verify(session!.value);
    expect(verified.status).toBe(200);
    expect(verified.json.user).toMatchObject({ id: users.developer.id, email: users.developer.email, role: 'developer' });
    // The same token opens the management API, as any bearer token does.
    expect((await vault.call('GET', '/api/projects', { key: null, headers: { cookie: `vault_session=${session!.value}` } })).status).toBe(200);
  });

  it('the session route shows the user but never the token; the sign-in is audited like /auth/login', async () => {
    const { session } = await signIn('credentials', { email: users.viewer.email, password: TEST_PASSWORD });
    const answer = await nextAuth('session', { cookies: { vault_session: session!.value } });
    expect(answer.body.user).toEqual({ id: users.viewer.id, email: users.viewer.email, name: 'viewer user', role: 'viewer', accountId: users.accountId });
    expect(JSON.stringify(answer.body)).not.toContain(session!.value);
    const rows = await vault.runtime.db.prisma.auditLog.findMany({ where: { userId: users.viewer.id, action: 'auth.login' } });
    expect(rows.map((row) => [row.outcome, row.statusCode, row.ip])).toContainEqual(['success', 200, '203.0.113.9']);
  });

  it('a wrong password or unknown email → invalid_credentials, no cookie; a missing CSRF token is refused', async () => {
    for (const fields of [
      { email: users.admin.email, password: 'wrong password 123' },
      { email: 'nobody-here@example.com', password: TEST_PASSWORD },
      { email: '', password: '' },
    ]) {
      const { session, error } = await signIn('credentials', fields);
      expect(session).toBeUndefined();
      expect(decodeSignInStep(error)).toEqual({ kind: 'invalid_credentials' });
    }
    // The failure on a known account is audited against that user (so its owners see it); the unknown email has no user.
    const failures = await vault.runtime.db.prisma.auditLog.findMany({ where: { action: 'auth.login', outcome: 'failure', userId: users.admin.id } });
    expect(failures.map((row) => [row.statusCode, row.ip])).toEqual([[401, '203.0.113.9']]);
    const noCsrf = await nextAuth('callback', { method: 'POST', providerId: 'credentials', body: { email: users.admin.email, password: TEST_PASSWORD, json: 'true' } });
    expect(noCsrf.cookies.find((cookie) => cookie.name === 'vault_session')).toBeUndefined();
    expect(noCsrf.redirect).toMatch(/csrf=true/);
  });

  it('signing out through next-auth revokes the session server-side: the JWT stops working for the API', async () => {
    const { session } = await signIn('credentials', { email: users.owner.email, password: TEST_PASSWORD });
    expect((await verify(session!.value)).status).toBe(200);
    const { token, cookies } = await csrf();
    const answer = await nextAuth('signout', { method: 'POST', body: { csrfToken: token }, cookies: { ...cookies, vault_session: session!.value } });
    expect(answer.cookies.find((cookie) => cookie.name === 'vault_session')?.value).toBe('');
    expect((await verify(session!.value)).status).toBe(401);
  });

  it('logging out through the API ends the dashboard session too', async () => {
    const { session } = await signIn('credentials', { email: users.developer.email, password: TEST_PASSWORD });
    expect((await nextAuth('session', { cookies: { vault_session: session!.value } })).body.user.id).toBe(users.developer.id);
    expect((await vault.call('POST', '/auth/logout', { key: null, headers: { authorization: `Bearer ${session!.value}` } })).status).toBe(200);
    expect((await nextAuth('session', { cookies: { vault_session: session!.value } })).body).toEqual({});
  });

  it('a tampered or foreign token is no dashboard session', async () => {
    const { session } = await signIn('credentials', { email: users.developer.email, password: TEST_PASSWORD });
    const [header, payload, signature] = session!.value.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const value of [tampered, 'not-a-jwt', `${header}.${payload}.`]) {
      expect((await nextAuth('session', { cookies: { vault_session: value } })).body).toEqual({});
    }
  });
});

describe('next-auth MFA step', () => {
  let secret: string;
  let backupCodes: string[];
  let user: { id: string; email: string };

  beforeAll(async () => {
    user = (await seedUsers(vault, 'dash-mfa')).admin;
    const login = await vault.call('POST', '/auth/login', { key: null, json: { email: user.email, password: TEST_PASSWORD } });
    const auth = { authorization: `Bearer ${login.json.token}` };
    const setup = await vault.call('POST', '/user/settings/mfa', { key: null, json: { enable: true }, headers: auth });
    secret = new URL(setup.json.totp_uri).searchParams.get('secret')!;
    backupCodes = setup.json.backup_codes;
    expect((await vault.call('POST', '/user/settings/mfa', { key: null, json: { enable: true, code: await codeAt(secret, 0) }, headers: auth })).status).toBe(200);
  });

  it('the password step asks for the code (no cookie yet); the code step signs in; the code is refused again', async () => {
    const first = await signIn('credentials', { email: user.email, password: TEST_PASSWORD });
    expect(first.session).toBeUndefined();
    const step = decodeSignInStep(first.error);
    expect(step.kind).toBe('mfa_required');
    const mfaToken = (step as { mfaToken: string }).mfaToken;
    // The MFA-pending token opens nothing else.
    expect((await verify(mfaToken)).status).toBe(401);

    const code = await codeAt(secret, 1);
    const second = await signIn('mfa', { mfa_token: mfaToken, code, factor: 'totp' });
    expect(second.error).toBeNull();
    expect((await verify(second.session!.value)).json.user.id).toBe(user.id);

    const replay = await signIn('mfa', { mfa_token: mfaToken, code, factor: 'totp' });
    expect(replay.session).toBeUndefined();
    expect(decodeSignInStep(replay.error)).toEqual({ kind: 'invalid_code' });
  });

  it('a backup code works once; a wrong code and a forged mfa_token are refused', async () => {
    const step = decodeSignInStep((await signIn('credentials', { email: user.email, password: TEST_PASSWORD })).error) as { mfaToken: string };
    const wrong = await signIn('mfa', { mfa_token: step.mfaToken, code: '00000000', factor: 'backup' });
    expect(decodeSignInStep(wrong.error)).toEqual({ kind: 'invalid_code' });
    const used = await signIn('mfa', { mfa_token: step.mfaToken, code: backupCodes[0]!, factor: 'backup' });
    expect(used.session).toBeDefined();
    const again = await signIn('mfa', { mfa_token: step.mfaToken, code: backupCodes[0]!, factor: 'backup' });
    expect(decodeSignInStep(again.error)).toEqual({ kind: 'invalid_code' });
    const forged = await signIn('mfa', { mfa_token: `${step.mfaToken}x`, code: backupCodes[1]!, factor: 'backup' });
    expect(forged.session).toBeUndefined();
    expect(decodeSignInStep(forged.error)).toEqual({ kind: 'invalid_code' });
  });
});

describe('limits shared with the API', () => {
  it('10 failures lock the account for the dashboard as for the API', async () => {
    const user = (await seedUsers(vault, 'dash-lock')).viewer;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(decodeSignInStep((await signIn('credentials', { email: user.email, password: `wrong password ${attempt}` })).error).kind).toBe('invalid_credentials');
    }
    const locked = await signIn('credentials', { email: user.email, password: TEST_PASSWORD });
    expect(locked.session).toBeUndefined();
    expect(decodeSignInStep(locked.error)).toEqual({ kind: 'invalid_credentials' });
    const api = await vault.call('POST', '/auth/login', { key: null, json: { email: user.email, password: TEST_PASSWORD } });
    expect(api.status).toBe(401);
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('idle timeout', () => {
  it('a dashboard session idle for SESSION_IDLE_TIMEOUT_SECONDS is gone', async () => {
    const idle = await startTestVault({ env: { SESSION_IDLE_TIMEOUT_SECONDS: '1' } });
    try {
      const idleUsers = await seedUsers(idle, 'dash-idle');
      const options = dashboardAuthOptions(idle.runtime);
      const token = await callNextAuth(options, 'csrf');
      const csrfCookies = Object.fromEntries(token.cookies.map((cookie) => [cookie.name, cookie.value]));
      const signedIn = await callNextAuth(options, 'callback', {
        method: 'POST',
        providerId: 'credentials',
        body: { email: idleUsers.developer.email, password: TEST_PASSWORD, csrfToken: token.body.csrfToken, json: 'true' },
        cookies: csrfCookies,
      });
      const session = signedIn.cookies.find((cookie) => cookie.name === 'vault_session')!.value;
      const handler = (action: string, extra: { cookies: Record<string, string> }) => callNextAuth(options, action, extra);
      expect((await handler('session', { cookies: { vault_session: session } })).body.user.id).toBe(idleUsers.developer.id);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await handler('session', { cookies: { vault_session: session } })).body).toEqual({});
    } finally {
      await idle.close();
    }
  });
});
