// No acknowledged write is lost: a server killed with SIGKILL in the middle of a tokenize load (group
// commits in flight, on both databases) still has, after a restart on the same data, every token it
// answered 201 for, each one revealed by /detokenize. Batched statements (lib/vault/insert-token.ts) and
// PGlite's prepared statements (lib/db/pglite-prepared.ts) are what this guards: a caller is answered only
// after its batch has committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../helpers/scratch-database';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const databaseUrl = inject('databaseUrl');
const card = { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } };
const apiKeyOf = (server: ServerProcess) => /API key: {3}(vk_test_[0-9A-Za-z]+)/.exec(server.output())![1]!;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const post = (server: ServerProcess, path: string, key: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(body) });

/**
 * `connections` loops tokenizing back to back until the server dies under them; resolves with the tokens
 * answered 201 and how many requests got no answer at all (in flight at the kill).
 */
async function loadUntilKilled(server: ServerProcess, key: string, connections: number, killAfter: number) {
  const acknowledged: string[] = [];
  let unanswered = 0;
  const loop = async () => {
    for (;;) {
      let response: Response;
      try {
        response = await post(server, '/tokenize', key, card);
      } catch {
        unanswered++;
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { token?: string };
      if (response.status === 201 && body.token) acknowledged.push(body.token);
      if (acknowledged.length >= killAfter && server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { acknowledged, unanswered };
}

async function expectAllRevealed(server: ServerProcess, key: string, tokens: string[]) {
  const statuses = new Map<number, number>();
  for (let index = 0; index < tokens.length; index += 20) {
    const answers = await Promise.all(tokens.slice(index, index + 20).map((token) => post(server, '/detokenize', key, { token })));
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }
  expect(Object.fromEntries(statuses)).toEqual({ 200: tokens.length });
}

async function killMidLoadAndRestart(env: Record<string, string>) {
  const first = await spawnServer(env);
  cleanups.push(() => first.stop('SIGKILL'));
  const key = apiKeyOf(first);
  const { acknowledged, unanswered } = await loadUntilKilled(first, key, 24, 300);
  expect(await first.stop()).toBeNull(); // killed, no exit code
  expect(acknowledged.length).toBeGreaterThanOrEqual(300);
  // The kill landed with requests in flight: their batches were open, not a quiet moment after the load.
  expect(unanswered).toBeGreaterThan(0);

  const second = await spawnServer(env);
  cleanups.push(() => second.stop('SIGKILL'));
  await expectAllRevealed(second, key, acknowledged);
  expect(await second.stop('SIGTERM')).toBe(0);
}

describe('a SIGKILL never loses an acknowledged token', () => {
  it('embedded (PGlite): every 201 is there after a restart on the same data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-durability-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await killMidLoadAndRestart({ VAULT_DATA_DIR: join(dir, 'data') });
  }, 90_000);

  it.runIf(databaseUrl)('PostgreSQL: every 201 is there after a restart on the same database', async () => {
    const database = await createScratchDatabase(databaseUrl!);
    cleanups.push(() => database.drop());
    const dir = mkdtempSync(join(tmpdir(), 'vault-durability-pg-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await killMidLoadAndRestart({ DATABASE_URL: database.url, VAULT_MASTER_KEY: inject('masterKey'), VAULT_DATA_DIR: join(dir, 'data') });
  }, 90_000);
});
