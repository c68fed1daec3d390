// `npx vault user unlock` and `npx vault user reset-password` as an operator runs them, against a real server
// on the same database: a lockout made by real failed sign-ins, then lifted; a reset that ends the sessions,
// refuses the old password and forces a new one; the password policy and history; MFA turned off on request.
// PostgreSQL: the server keeps running while the CLI acts. Embedded: PGlite is one process's, so the server
// stops before each CLI call and starts again after.
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
const EMAIL = 'owner@example.com';
const FIRST_PASSWORD = 'first chosen secret 9';
const CHOSEN_PASSWORD = 'chosen after reset 42';
const STDIN_PASSWORD = 'typed by the operator 7';

let own: OwnDatabase;
let env: Record<string, string>;
let current: ServerProcess | undefined;

beforeAll(async () => {
  own = await ownDatabase();
  env = { ...own.env, REDIS_URL: process.env.REDIS_URL ?? '', VAULT_ADMIN_EMAIL: EMAIL, VAULT_ADMIN_PASSWORD: FIRST_PASSWORD };
});
afterAll(async () => {
  await current?.stop();
  await own?.drop();
});

/** The server on this database (the first start bootstraps the owner from VAULT_ADMIN_*). */
async function server(): Promise<ServerProcess> {
  current ??= await spawnServer(env);
  return current;
}

type CliResult = { code: number; stdout: string; stderr: string };

/** `vault …` with `input` on stdin; an embedded database is released by the server first. */
async function vault(args: string[], input = ''): Promise<CliResult> {
  if (!own.env.DATABASE_URL && current) {
    expect(await current.stop()).toBe(0);
    current = undefined;
  }
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  const code = await new Promise<number>((resolve) => child.once('close', (exit) => resolve(exit ?? -1)));
  return { code, stdout, stderr };
}

async function call(method: string, path: string, options: { json?: unknown; session?: string } = {}) {
  const response = await fetch(`${(await server()).url}${path}`, {
    method,
    headers: { ...(options.json ? { 'content-type': 'application/json' } : {}), ...(options.session ? { authorization: `Bearer ${options.session}` } : {}) },
    body: options.json ? JSON.stringify(options.json) : undefined,
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, any> };
}

/** Embedded mode restarts the server around each CLI call; on two shared cores that may take a minute. */
const PHASES_TIMEOUT_MS = 120_000;

const login = (password: string) => call('POST', '/auth/login', { json: { email: EMAIL, password } });

describe('npx vault user', () => {
  let session: string;

  it('unlock: a user locked out by 10 failed sign-ins signs in again at once', async () => {
    for (let attempt = 1; attempt <= 9; attempt++) expect((await login('wrong password 1')).status).toBe(401);
    const tenth = await login('wrong password 1');
    expect(tenth.status).toBe(401);
    expect(tenth.headers.get('retry-after')).toBe('1800');
    expect((await login(FIRST_PASSWORD)).status).toBe(401);

    const unlocked = await vault(['user', 'unlock', '--email', 'Owner@Example.com']);
    expect(unlocked).toEqual({ code: 0, stdout: `User ${EMAIL} unlocked: it was locked for 30 more minute(s); the failed sign-in count starts again.\n`, stderr: '' });

    const signedIn = await login(FIRST_PASSWORD);
    expect(signedIn.status).toBe(200);
    session = signedIn.json.token;
  }, PHASES_TIMEOUT_MS);

  it('reset-password: a one-time password shown once; sessions ended, the old password refused, the new one must be replaced; audited as the operator', async () => {
    const reset = await vault(['user', 'reset-password', '--email', EMAIL]);
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);
    const match = /^Password of owner@example\.com reset: lockout cleared, 1 session\(s\) ended\.\n {2}One-time password: (\S{22}) {3}\(shown once\)\n {2}The first sign-in with it asks for a new password\.\n$/.exec(reset.stdout);
    expect(match).not.toBeNull();
    const oneTime = match![1]!;

    expect((await call('GET', '/auth/verify', { session })).status).toBe(401);
    expect((await login(FIRST_PASSWORD)).status).toBe(401);
    const expired = await login(oneTime);
    expect(expired.status).toBe(403);
    expect(expired.json).toMatchObject({ error: { code: 'password_expired' }, password_expired: true });
    const replaced = await call('POST', '/auth/reset-expired-password', { json: { token: expired.json.reset_token, current_password: oneTime, new_password: CHOSEN_PASSWORD } });
    expect(replaced.status).toBe(200);
    const signedIn = await login(CHOSEN_PASSWORD);
    expect(signedIn.status).toBe(200);
    session = signedIn.json.token;

    const userId = signedIn.json.user.id as string;
    for (const action of ['user.unlock_by_operator', 'user.password_reset_by_operator']) {
      const rows = (await call('GET', `/api/audit-logs?action=${action}`, { session })).json.data as Array<Record<string, unknown>>;
      expect(rows).toEqual([
        expect.objectContaining({ action, outcome: 'success', status_code: 200, actor: { type: 'operator' }, resource: `user:${userId}`, ip: null, request_id: expect.stringMatching(/^cli-[0-9a-f-]{36}$/) }),
      ]);
    }
  }, PHASES_TIMEOUT_MS);

  it('reset-password --password-stdin: the policy and the history apply; --reset-mfa turns MFA off', async () => {
    const setup = await call('POST', '/user/settings/mfa', { session, json: { enable: true } });
    const secret = new URL(setup.json.totp_uri).searchParams.get('secret')!;
    const intoStep = Date.now() % 30_000;
    if (intoStep > 29_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
    expect((await call('POST', '/user/settings/mfa', { session, json: { enable: true, code: await generate({ secret }) } })).status).toBe(200);
    expect((await login(CHOSEN_PASSWORD)).json).toMatchObject({ mfa_required: true });

    expect(await vault(['user', 'reset-password', '--email', EMAIL, '--password-stdin'], `${FIRST_PASSWORD}\n`)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'vault: Password must not be one of your last 4 passwords\n',
    });

    const reset = await vault(['user', 'reset-password', '--email', EMAIL, '--password-stdin', '--reset-mfa'], `${STDIN_PASSWORD}\n`);
    expect(reset).toEqual({ code: 0, stdout: `Password of ${EMAIL} reset: lockout cleared, 1 session(s) ended, MFA turned off (backup codes deleted).\n`, stderr: '' });
    const signedIn = await login(STDIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user.mfa_enabled).toBe(false);
    const rows = (await call('GET', '/api/audit-logs?action=user.mfa_reset_by_operator', { session: signedIn.json.token })).json.data as unknown[];
    expect(rows).toEqual([expect.objectContaining({ actor: { type: 'operator' }, resource: `user:${signedIn.json.user.id}` })]);
  }, PHASES_TIMEOUT_MS);

  it.each([
    [['user', 'reset-password', '--email', 'Nobody@Example.com'], 'vault: no user has the email nobody@example.com\n'],
    [['user', 'unlock'], "vault: --email is required: the user's email address\n"],
  ])('refuses %j with exit 1', async (args, message) => {
    expect(await vault(args)).toEqual({ code: 1, stdout: '', stderr: message });
  });
});
