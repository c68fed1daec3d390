// The production server process (lib/server/main.ts) hands APP_URL to the server, which then sends
// Strict-Transport-Security on every answer (https only: http and both doors are covered by
// lib/server/hsts.test.ts). API-only, on the embedded default.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(appUrl: string): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'vault-hsts-'));
  dirs.push(dir);
  const server = await spawnServer({ VAULT_DATA_DIR: join(dir, 'data'), APP_URL: appUrl });
  running.push(server);
  return server;
}

describe('Strict-Transport-Security from APP_URL (real server process)', () => {
  it('APP_URL https: on the API answers, errors included', async () => {
    const server = await start('https://vault.example.test');
    for (const [path, init, status] of [
      ['/health', undefined, 200],
      ['/tokenize', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }, 401],
      ['/nowhere', { headers: { accept: 'application/json' } }, 404],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, init);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
