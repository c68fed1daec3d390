// The embedded mode (no DATABASE_URL) started with NODE_ENV=production, as a real server process: it warns
// loudly that the master key lives beside the database when it does, honours VAULT_MASTER_KEY (no file is
// written, the data is wrapped by that key), and refuses a VAULT_MASTER_KEY that contradicts the folder's
// master.key.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const WARNING = 'WARNING: embedded mode in production';
let root: string;
const running: ServerProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'vault-embedded-key-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGTERM')));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  // spawnServer runs NODE_ENV=production, API only, without DATABASE_URL/REDIS_URL: the embedded mode.
  const server = await spawnServer(env);
  running.push(server);
  return server;
}
async function stop(server: ServerProcess): Promise<void> {
  running.splice(running.indexOf(server), 1);
  expect(await server.stop('SIGTERM')).toBe(0);
}
const post = (server: ServerProcess, path: string, key: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });
const CARD = { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } };

describe('embedded mode with NODE_ENV=production', () => {
  it('the master key in the data folder: a loud warning at start (stderr and the log), naming the file', async () => {
    const VAULT_DATA_DIR = join(root, 'file-key');
    const server = await start({ VAULT_DATA_DIR });
    const output = server.output();
    expect(output).toContain(WARNING);
    expect(output).toContain(join(VAULT_DATA_DIR, 'master.key'));
    expect(output).toMatch(/!{100}/);
    const logged = output.split('\n').filter((line) => line.startsWith('{') && line.includes(WARNING));
    expect(logged.length).toBe(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 40, masterKey: 'file' });
    expect(existsSync(join(VAULT_DATA_DIR, 'master.key'))).toBe(true);
  });

  it('VAULT_MASTER_KEY set: honoured (no file written, no warning), and the data is wrapped by it', { timeout: 90_000 }, async () => {
    const VAULT_DATA_DIR = join(root, 'env-key');
    const VAULT_MASTER_KEY = randomBytes(32).toString('base64');
    const first = await start({ VAULT_DATA_DIR, VAULT_MASTER_KEY });
    expect(first.output()).not.toContain(WARNING);
    expect(existsSync(join(VAULT_DATA_DIR, 'master.key'))).toBe(false);
    const apiKey = /API key: {3}(vk_test_[0-9A-Za-z]+)/.exec(first.output())![1]!;
    const tokenized = await post(first, '/tokenize', apiKey, CARD);
    expect(tokenized.status).toBe(201);
    const { token } = (await tokenized.json()) as { token: string };
    await stop(first);

    // Restarted with the same key: the token opens.
    const again = await start({ VAULT_DATA_DIR, VAULT_MASTER_KEY });
    expect((await (await post(again, '/detokenize', apiKey, { token })).json()).data).toMatchObject({ cardNumber: '4242424242424242' });
    await stop(again);
    expect(existsSync(join(VAULT_DATA_DIR, 'master.key'))).toBe(false);

    // With another key the data cannot be opened (the server refuses to start, or the reveal fails): it
    // really was wrapped by VAULT_MASTER_KEY.
    const other = await spawnServer({ VAULT_DATA_DIR, VAULT_MASTER_KEY: randomBytes(32).toString('base64') }).catch((error: Error) => error);
    if (other instanceof Error) {
      expect(other.message).not.toContain('4242424242424242');
    } else {
      running.push(other);
      const refused = await post(other, '/detokenize', apiKey, { token });
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await refused.text()).not.toContain('4242424242424242');
    }
  });

  it('VAULT_MASTER_KEY that differs from the folder\'s master.key: refuses to start, saying why', async () => {
    const VAULT_DATA_DIR = join(root, 'file-key');
    expect(existsSync(join(VAULT_DATA_DIR, 'master.key'))).toBe(true);
    await expect(spawnServer({ VAULT_DATA_DIR, VAULT_MASTER_KEY: randomBytes(32).toString('base64') }, 20_000)).rejects.toThrow(/VAULT_MASTER_KEY differs from the key in .*master\.key/);
  });

  it('not in production: no warning', async () => {
    const server = await start({ VAULT_DATA_DIR: join(root, 'development'), NODE_ENV: 'development' });
    expect(server.output()).not.toContain(WARNING);
  });
});
