// The in-process store's bound through the API (issue 10), on the embedded default (no Redis, whatever the
// environment): with MEMORY_STORE_MAX_ENTRIES=4, new CVC sessions and idempotency claims past the bound are a
// 503 (never a half-written token), what needs no store keeps working, room comes back when sessions go,
// and rate-limit counters stay within the bound however many made-up emails are tried.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../lib/store/memory-store';
import { cardRequest } from '../helpers/fixtures';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';

const MAX = 4;
let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault({ env: { REDIS_URL: '', MEMORY_STORE_MAX_ENTRIES: String(MAX) } });
});
afterAll(() => vault?.close());

const store = () => vault.runtime.store as MemoryStore;
const tokenCount = () => vault.runtime.db.prisma.token.count({ where: { projectId: vault.tenants.test.projectId } });
const withCvv = () => vault.call('POST', '/tokenize', { json: cardRequest({ cvv: '123' }) });

function expectUnavailable(response: ApiResponse) {
  expect(response.status, response.text).toBe(503);
  expect(response.json).toEqual({
    success: false,
    error: { code: 'service_unavailable', message: 'Service temporarily unavailable' },
    request_id: response.headers.get('x-request-id'),
  });
}

describe('MEMORY_STORE_MAX_ENTRIES', () => {
  const sessions: string[] = [];

  it('is the in-process store\'s bound', () => {
    expect(vault.runtime.store.kind).toBe('memory');
    expect(store().maxEntries).toBe(MAX);
  });

  it('happy: CVC sessions up to the bound are created', async () => {
    for (let i = 0; i < MAX; i++) {
      const response = await withCvv();
      expect(response.status, response.text).toBe(201);
      sessions.push(response.json.cvc_session_id);
    }
  });

  it('past the bound a new CVC session is a 503, and no token is stored without it', async () => {
    const before = await tokenCount();
    expectUnavailable(await withCvv());
    expect(await tokenCount()).toBe(before);
  });

  it('past the bound an idempotency claim is a 503 (the request is not run)', async () => {
    const before = await tokenCount();
    expectUnavailable(await vault.call('POST', '/tokenize', { json: cardRequest(), headers: { 'idempotency-key': `full-${randomUUID()}` } }));
    expect(await tokenCount()).toBe(before);
  });

  it('what needs no store still works: a token without a CVC', async () => {
    expect((await vault.call('POST', '/tokenize', { json: cardRequest() })).status).toBe(201);
  });

  it('room comes back when a session goes', async () => {
    const deleted = await vault.call('DELETE', `/proxy/delete-cvc-session/${sessions.pop()}`);
    expect(deleted.status).toBe(200);
    expect((await withCvv()).status).toBe(201);
    expectUnavailable(await withCvv());
  });

  it('attack: made-up emails at the login door never grow the rate-limit counters past the bound', async () => {
    for (let i = 0; i < 3 * MAX; i++) {
      const response = await vault.call('POST', '/auth/login', { key: null, json: { email: `nobody-${i}@example.com`, password: 'wrong password 1' } });
      expect(response.status).toBeLessThan(500);
    }
    expect(store().rateLimits.size).toBeLessThanOrEqual(MAX);
  });
});
