// `npx vault …` as an operator runs it, on a fresh embedded data folder; then the keys it printed are
// used against a real server on the same folder.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/spawn-server';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vault-cli-'));
const env = { ...process.env, DATABASE_URL: '', REDIS_URL: '', VAULT_DATA_DIR: join(dir, 'data') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const vault = (...args: string[]) => run(process.execPath, [cli, ...args], { env, encoding: 'utf8' });
const vaultWith = (extra: Record<string, string>, ...args: string[]) => run(process.execPath, [cli, ...args], { env: { ...env, ...extra }, encoding: 'utf8' });
const settle = (running: Promise<unknown>) => running.then(() => { throw new Error('expected a failure'); }, (error: { code: number; stderr: string }) => error);
const failing = (...args: string[]) => settle(vault(...args));
const failingWith = (extra: Record<string, string>, ...args: string[]) => settle(vaultWith(extra, ...args));

describe('npx vault', () => {
  let test: { api_key: string; application_id: string; project_id: string };
  let live: { api_key: string; application_id: string; project_id: string; pub_key: string };
  let liveToken: string;

  it('app create --json on an empty database: bootstraps (banner on stderr) and prints one JSON object', async () => {
    const { stdout, stderr } = await vault('app', 'create', '--name', 'Checkout backend', '--json');
    expect(stderr).toContain('Vault is set up');
    test = JSON.parse(stdout);
    expect(Object.keys(test).sort()).toEqual(['api_key', 'application_id', 'project_id']);
    expect(test.api_key).toMatch(/^vk_test_[0-9A-Za-z]{32}$/);
  });

  it('--production --provisioning creates the production project once, with its pub key', async () => {
    live = JSON.parse((await vault('app', 'create', '--name', 'Live backend', '--production', '--provisioning', '--json')).stdout);
    expect(live.api_key).toMatch(/^vk_live_/);
    expect(live.pub_key).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(live.project_id).not.toBe(test.project_id);
    const again = JSON.parse((await vault('app', 'create', '--name', 'Live backend 2', '--production', '--json')).stdout);
    expect(again.project_id).toBe(live.project_id);
    expect(again.pub_key).toBe(live.pub_key);
    const second = JSON.parse((await vault('app', 'create', '--name', 'Second test app', '--json')).stdout);
    expect(second.project_id).toBe(test.project_id);
  });

  it('prints a readable summary without --json', async () => {
    const { stdout } = await vault('app', 'create', '--name', 'Readable');
    expect(stdout).toMatch(/^Application Readable created \(test project [0-9a-f-]{36}\)\.\n {2}Application id: [0-9a-f-]{36}\n {2}API key: {8}vk_test_\w+ {3}\(shown once\)\n$/);
  });

  it('migrate is idempotent', async () => {
    expect((await vault('migrate')).stdout).toBe('Database is up to date.\n');
  });

  it.each([
    [['app', 'create', '--name', 'ab'], 'vault: --name is required: 3 to 50 characters\n'],
    [['app', 'create'], 'vault: --name is required: 3 to 50 characters\n'],
    [['app', 'create', '--name', 'x'.repeat(51)], 'vault: --name is required: 3 to 50 characters\n'],
    [['app', 'create', '--nme', 'abc'], "vault: Unknown option '--nme'\n"],
  ])('refuses %j', async (args, message) => {
    const error = await failing(...args);
    expect(error.code).toBe(1);
    expect(error.stderr).toBe(message);
  });

  it('an unknown command prints the usage and exits 2', async () => {
    const error = await failing('frobnicate');
    expect(error.code).toBe(2);
    expect(error.stderr).toContain('Usage:');
  });

  it('the printed keys work on a server over the same data: permissions and the pub key', async () => {
    const server = await spawnServer({ VAULT_DATA_DIR: env.VAULT_DATA_DIR });
    try {
      const verify = await fetch(`${server.url}/api/applications/key`, { headers: { 'x-api-key': live.api_key } });
      expect(await verify.json()).toMatchObject({
        data: { project_id: live.project_id, application_id: live.application_id, name: 'Live backend', permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: true }, search: { allowed: false } } },
      });
      const body = JSON.stringify({ type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } });
      const headers = { 'content-type': 'application/json', 'x-api-key': live.api_key };
      expect((await fetch(`${server.url}/tokenize`, { method: 'POST', headers, body })).status).toBe(401);
      const tokenized = await fetch(`${server.url}/tokenize`, { method: 'POST', headers: { ...headers, 'x-pub-key': live.pub_key }, body });
      expect(tokenized.status).toBe(201);
      const created = (await tokenized.json()) as { test_mode: boolean; token: string };
      expect(created.test_mode).toBe(false);
      liveToken = created.token;
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('keys rotate-data-key --reencrypt, then keys rotate-master: the data folder opens under the new key only', async () => {
    const rotated = await vault('keys', 'rotate-data-key', '--project', live.project_id, '--reencrypt');
    expect(rotated.stdout).toBe(
      `Project ${live.project_id}: data key version 2 is current (was 1).\nRe-encrypted under version 2: 1 tokens, 0 merchant processors, 0 webhook secrets.\n`,
    );
    const oldKey = readFileSync(join(env.VAULT_DATA_DIR, 'master.key'), 'utf8');
    const newKeyFile = join(dir, 'new-master.key');
    const newKey = randomBytes(32).toString('base64');
    writeFileSync(newKeyFile, `${newKey}\n`, { mode: 0o600 });
    const { stdout } = await vault('keys', 'rotate-master', '--new-key-file', newKeyFile);
    expect(stdout).toBe(
      'Master key rotated: 2 projects and 1 earlier data key versions re-wrapped.\n' +
        'The service root key is new: dashboard sessions and sign-in tokens have ended (everyone signs in again), TOTP secrets are re-sealed, no unused backup codes were left.\n' +
        `${join(env.VAULT_DATA_DIR, 'master.key')} now holds the new key.\n`,
    );
    expect(readFileSync(join(env.VAULT_DATA_DIR, 'master.key'), 'utf8')).toBe(`${newKey}\n`);

    // The old key is refused; the new one opens the data written before both rotations.
    const keyFile = join(env.VAULT_DATA_DIR, 'master.key');
    expect((await failingWith({ VAULT_MASTER_KEY: oldKey.trim() }, 'migrate')).stderr).toContain('VAULT_MASTER_KEY differs from the key in');
    renameSync(keyFile, `${keyFile}.aside`);
    try {
      expect((await failingWith({ VAULT_MASTER_KEY: oldKey.trim() }, 'migrate')).stderr).toBe(
        "vault: the master key does not open this database's keys: it is not the key this database was set up with (after `vault keys rotate-master`, configure the new key)\n",
      );
    } finally {
      renameSync(`${keyFile}.aside`, keyFile);
    }
    const server = await spawnServer({ VAULT_DATA_DIR: env.VAULT_DATA_DIR });
    try {
      const detokenized = await fetch(`${server.url}/detokenize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': live.api_key },
        body: JSON.stringify({ token: liveToken }),
      });
      expect(await detokenized.json()).toEqual({ success: true, data: { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('audit anchor, then audit verify: incremental, --full, and --anchor', { timeout: 120_000 }, async () => {
    const anchor = (await vault('audit', 'anchor')).stdout;
    expect(anchor).toMatch(/^\d+:[0-9a-f]{64} \d+\n$/);
    const [indexAndMac] = anchor.split(' ');
    expect((await vault('audit', 'verify', '--full')).stdout).toMatch(/^Audit chain intact: \d+ rows in \d+ seals checked \(from the start\)\. Head: \d+:[0-9a-f]{64} \(\d+ rows\)\.\n$/);
    expect((await vault('audit', 'verify')).stdout).toMatch(/^Audit chain intact: 0 rows in 0 seals checked \(since the last verified seal\)\./);
    expect((await vault('audit', 'verify', '--anchor', indexAndMac!)).stdout).toMatch(/ Anchor found unchanged\.\n$/);
    const wrong = await failing('audit', 'verify', '--anchor', `${indexAndMac!.split(':')[0]}:${'0'.repeat(64)}`);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('');
    const json = JSON.parse((await vault('audit', 'anchor', '--json')).stdout);
    expect(Object.keys(json)).toEqual(['seal_index', 'mac', 'row_count']);
  });

  it.each([
    [['audit', 'verify', '--anchor', 'nope'], 'vault: --anchor must be <seal index>:<64 hex characters>, as `vault audit anchor` prints it\n'],
    [['keys', 'rotate-master'], 'vault: --new-key-file is required: a file holding the new master key (32 bytes, base64)\n'],
    [['keys', 'rotate-master', '--new-key-file', '/nonexistent/key'], 'vault: --new-key-file /nonexistent/key does not exist\n'],
    [['keys', 'rotate-data-key'], 'vault: --project is required: the project id\n'],
    [['keys', 'rotate-data-key', '--project', 'abc'], 'vault: --project must be a project id (a UUID)\n'],
  ])('audit and keys refuse %j', async (args, message) => {
    const error = await failing(...args);
    expect(error.code).toBe(1);
    expect(error.stderr).toBe(message);
  });
});
