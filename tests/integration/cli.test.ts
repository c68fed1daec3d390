// `npx vault …` as an operator runs it, on a fresh embedded data folder; then the keys it printed are
// used against a real server on the same folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
const failing = (...args: string[]) => vault(...args).then(() => { throw new Error('expected a failure'); }, (error: { code: number; stderr: string }) => error);

describe('npx vault', () => {
  let test: { api_key: string; application_id: string; project_id: string };
  let live: { api_key: string; application_id: string; project_id: string; pub_key: string };

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
        data: { project_id: live.project_id, application_id: live.application_id, name: 'Live backend', permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: true } } },
      });
      const body = JSON.stringify({ type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } });
      const headers = { 'content-type': 'application/json', 'x-api-key': live.api_key };
      expect((await fetch(`${server.url}/tokenize`, { method: 'POST', headers, body })).status).toBe(401);
      const tokenized = await fetch(`${server.url}/tokenize`, { method: 'POST', headers: { ...headers, 'x-pub-key': live.pub_key }, body });
      expect(tokenized.status).toBe(201);
      expect(((await tokenized.json()) as { test_mode: boolean }).test_mode).toBe(false);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
