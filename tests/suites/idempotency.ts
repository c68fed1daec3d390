// Idempotency-Key on POST /tokenize, /test-tokens and /proxy/transaction: replay byte-for-byte, one
// effect only, 422 on reuse with another request, 409 while the first is running, scoped per application,
// 4xx replayed, 5xx not kept.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPsp, type PspReply, type ReceivedRequest, type TestPsp } from '../helpers/psp-server';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import type { SuiteOptions } from './suite-options';
import { cardRequest } from '../helpers/fixtures';

const card = cardRequest;
const testCard = (fields: Record<string, unknown> = {}) => ({
  cardNumber: '4242424242424242',
  expirationMonth: '12',
  expirationYear: '2030',
  cvc: '123',
  ...fields,
});

const echo = (request: ReceivedRequest): PspReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ok: true, id: randomUUID(), received: request.body.toString('utf8') }),
});

/** Every case, on the store `options` picks. */
export function idempotencyCases(options: SuiteOptions = {}): void {
  let vault: TestVault;
  let psp: TestPsp;
  let token: string;
  beforeAll(async () => {
    psp = await startTestPsp();
    vault = await startTestVault({ env: options.env?.(), pspCa: psp.ca });
    token = (await vault.call('POST', '/tokenize', { json: card() })).json.token;
  });
  afterAll(async () => {
    await vault?.close();
    await psp?.close();
  });
  beforeEach(() => {
    psp.reply(echo);
  });

  const newKey = () => `idem-${randomUUID()}`;
  const withKey = (key: string, headers: Record<string, string> = {}) => ({ 'idempotency-key': key, ...headers });
  const tokenCount = (projectId = vault.tenants.test.projectId) => vault.runtime.db.prisma.token.count({ where: { projectId } });

  function expectReplayOf(replay: ApiResponse, first: ApiResponse) {
    expect(replay.status).toBe(first.status);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  }

  describe('Idempotency-Key — replay', () => {
    it('POST /tokenize: same key + same body → identical body, one token row', async () => {
      const key = newKey();
      const before = await tokenCount();
      const first = await vault.call('POST', '/tokenize', { json: card({ cvv: '123' }), headers: withKey(key) });
      const second = await vault.call('POST', '/tokenize', { json: card({ cvv: '123' }), headers: withKey(key) });
      expect(first.status).toBe(201);
      expectReplayOf(second, first);
      expect(second.json.token).toBe(first.json.token);
      expect(second.json.cvc_session_id).toBe(first.json.cvc_session_id);
      expect(await tokenCount()).toBe(before + 1);
    });

    it('POST /tokenize: a third and fourth retry are replays too', async () => {
      const key = newKey();
      const before = await tokenCount();
      const first = await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) });
      for (let i = 0; i < 3; i++) expectReplayOf(await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) }), first);
      expect(await tokenCount()).toBe(before + 1);
    });

    it('POST /test-tokens: same key + same body → identical body, one token row', async () => {
      const key = newKey();
      const before = await tokenCount();
      const first = await vault.call('POST', '/test-tokens', { json: testCard(), headers: withKey(key) });
      const second = await vault.call('POST', '/test-tokens', { json: testCard(), headers: withKey(key) });
      expect(first.status).toBe(201);
      expect(first.json.expires_in).toBe('1 year');
      expectReplayOf(second, first);
      expect(await tokenCount()).toBe(before + 1);
    });

    it('POST /proxy/transaction: same key + same body → identical body, the PSP called once', async () => {
      const key = newKey();
      const json = { token, proxy_url: psp.url('/charge'), request_data: { number: '${cardNumber}', amount: 100 } };
      const before = psp.received.length;
      const first = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      const second = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      expect(first.status).toBe(200);
      expect(first.json.proxy_response.status_code).toBe(200);
      expectReplayOf(second, first);
      expect(psp.received.length).toBe(before + 1);
    });

    it('POST /proxy/transaction, form-encoded: same key + same body and headers → replay, the PSP called once', async () => {
      const key = newKey();
      const headers = withKey(key, { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token, 'x-proxy-url': psp.url('/form') });
      const before = psp.received.length;
      const first = await vault.call('POST', '/proxy/transaction', { body: 'card=${cardNumber}&amount=100', headers });
      const second = await vault.call('POST', '/proxy/transaction', { body: 'card=${cardNumber}&amount=100', headers });
      expect(first.status).toBe(200);
      expectReplayOf(second, first);
      expect(psp.received.length).toBe(before + 1);
    });

    it('a 400 validation error is replayed too (and stores nothing)', async () => {
      const key = newKey();
      const before = await tokenCount();
      const first = await vault.call('POST', '/tokenize', { json: card({ expirationMonth: '13' }), headers: withKey(key) });
      const second = await vault.call('POST', '/tokenize', { json: card({ expirationMonth: '13' }), headers: withKey(key) });
      expect(first.status).toBe(400);
      expect(first.json.error.code).toBe('validation_error');
      expectReplayOf(second, first);
      expect(second.json.request_id).toBe(first.json.request_id);
      expect(await tokenCount()).toBe(before);
    });

    it('a 404 (unknown token) on the proxy is replayed, the PSP never called', async () => {
      const key = newKey();
      const json = { token: 'tok_000000000000000000000000', proxy_url: psp.url('/charge'), request_data: {} };
      const before = psp.received.length;
      const first = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      const second = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      expect(first.status).toBe(404);
      expect(first.json.error).toEqual({ code: 'token_not_found', message: 'Token not found' });
      expectReplayOf(second, first);
      expect(psp.received.length).toBe(before);
    });

    it('without Idempotency-Key nothing is replayed: two tokens', async () => {
      const before = await tokenCount();
      const first = await vault.call('POST', '/tokenize', { json: card() });
      const second = await vault.call('POST', '/tokenize', { json: card() });
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      expect(second.json.token).not.toBe(first.json.token);
      expect(await tokenCount()).toBe(before + 2);
    });

    it('a 5xx is not kept: after a PSP timeout (504) the same key runs again', async () => {
      const key = newKey();
      const json = { token, proxy_url: psp.url('/slow'), request_data: { n: '${cardNumber}' } };
      const config = vault.runtime.config as { PROXY_TIMEOUT_MS: number };
      const timeout = config.PROXY_TIMEOUT_MS;
      psp.reply(() => ({ hang: true }));
      config.PROXY_TIMEOUT_MS = 300;
      let first: ApiResponse;
      try {
        first = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      } finally {
        config.PROXY_TIMEOUT_MS = timeout;
      }
      expect(first.status).toBe(504);
      expect(first.json.error).toEqual({ code: 'proxy_timeout', message: 'Request timeout' });
      psp.reply(echo);
      const before = psp.received.length;
      const retry = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(psp.received.length).toBe(before + 1);
      const replay = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      expectReplayOf(replay, retry);
    });
  });

  describe('Idempotency-Key — reuse with another request', () => {
    it('POST /tokenize: same key + different body → 422 idempotency_key_reused, nothing stored', async () => {
      const key = newKey();
      const first = await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) });
      expect(first.status).toBe(201);
      const before = await tokenCount();
      const second = await vault.call('POST', '/tokenize', { json: card({ expirationYear: '2031' }), headers: withKey(key) });
      expect(second.status).toBe(422);
      expect(second.json).toEqual({
        success: false,
        error: { code: 'idempotency_key_reused', message: 'Idempotency-Key was already used with a different request' },
        request_id: second.headers.get('x-request-id'),
      });
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      expect(await tokenCount()).toBe(before);
    });

    it('POST /test-tokens: same key + different body → 422', async () => {
      const key = newKey();
      expect((await vault.call('POST', '/test-tokens', { json: testCard(), headers: withKey(key) })).status).toBe(201);
      const second = await vault.call('POST', '/test-tokens', { json: testCard({ cvc: '124' }), headers: withKey(key) });
      expect(second.status).toBe(422);
      expect(second.json.error.code).toBe('idempotency_key_reused');
    });

    it('the key of one endpoint reused on another endpoint → 422', async () => {
      const key = newKey();
      expect((await vault.call('POST', '/tokenize', { json: testCard(), headers: withKey(key) })).status).toBe(400);
      const other = await vault.call('POST', '/test-tokens', { json: testCard(), headers: withKey(key) });
      expect(other.status).toBe(422);
      expect(other.json.error.code).toBe('idempotency_key_reused');
    });

    it('POST /proxy/transaction: same key + different request_data → 422, the PSP not called again', async () => {
      const key = newKey();
      const json = { token, proxy_url: psp.url('/charge'), request_data: { amount: 100 } };
      expect((await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) })).status).toBe(200);
      const before = psp.received.length;
      const second = await vault.call('POST', '/proxy/transaction', { json: { ...json, request_data: { amount: 200 } }, headers: withKey(key) });
      expect(second.status).toBe(422);
      expect(second.json.error.code).toBe('idempotency_key_reused');
      expect(psp.received.length).toBe(before);
    });

    it('form-encoded proxy: same key + same body but another X-Proxy-URL / X-Token → 422, the PSP not called again', async () => {
      const key = newKey();
      const other = (await vault.call('POST', '/tokenize', { json: card({ cardNumber: '5555555555554444' }) })).json.token;
      const headers = (extra: Record<string, string>) =>
        withKey(key, { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token, 'x-proxy-url': psp.url('/a'), ...extra });
      const first = await vault.call('POST', '/proxy/transaction', { body: 'card=${cardNumber}', headers: headers({}) });
      expect(first.status).toBe(200);
      const before = psp.received.length;
      const otherUrl = await vault.call('POST', '/proxy/transaction', { body: 'card=${cardNumber}', headers: headers({ 'x-proxy-url': psp.url('/b') }) });
      const otherToken = await vault.call('POST', '/proxy/transaction', { body: 'card=${cardNumber}', headers: headers({ 'x-token': other }) });
      expect([otherUrl.status, otherToken.status]).toEqual([422, 422]);
      expect(otherUrl.json.error.code).toBe('idempotency_key_reused');
      expect(otherToken.json.error.code).toBe('idempotency_key_reused');
      expect(psp.received.length).toBe(before);
    });
  });

  describe('Idempotency-Key — concurrency', () => {
    it('two identical proxy calls at once, the PSP slow: one 200, one 409; then a replay', async () => {
      const key = newKey();
      psp.reply((request) => ({ ...echo(request), delayMs: 500 }));
      const json = { token, proxy_url: psp.url('/slow'), request_data: { n: '${cardNumber}' } };
      const before = psp.received.length;
      const [a, b] = await Promise.all([
        vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) }),
        vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const conflict = a.status === 409 ? a : b;
      const winner = a.status === 409 ? b : a;
      expect(conflict.json).toEqual({
        success: false,
        error: { code: 'idempotency_in_progress', message: 'A request with this Idempotency-Key is still being processed' },
        request_id: conflict.headers.get('x-request-id'),
      });
      expect(psp.received.length).toBe(before + 1);
      const later = await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      expectReplayOf(later, winner);
      expect(psp.received.length).toBe(before + 1);
    });

    it('two identical tokenize calls at once make one token', async () => {
      const key = newKey();
      const before = await tokenCount();
      const results = await Promise.all([1, 2, 3].map(() => vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) })));
      const created = results.filter((r) => r.status === 201);
      const statuses = results.map((r) => r.status);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      // Replays carry the same token; at most one token row exists.
      expect(new Set(created.map((r) => r.json.token)).size).toBe(1);
      expect(await tokenCount()).toBe(before + 1);
    });
  });

  describe('Idempotency-Key — scope and shape', () => {
    it('keys are scoped per application: the same key from another application is a fresh 201', async () => {
      const key = newKey();
      const mine = await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) });
      const otherBefore = await tokenCount(vault.tenants.other.projectId);
      const theirs = await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key), key: vault.tenants.other.keys.full });
      expect(mine.status).toBe(201);
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect(theirs.json.token).not.toBe(mine.json.token);
      expect(await tokenCount(vault.tenants.other.projectId)).toBe(otherBefore + 1);
      const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: theirs.json.token } });
      expect(row.projectId).toBe(vault.tenants.other.projectId);
      // And the first application still gets its own replay.
      expectReplayOf(await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) }), mine);
    });

    it('a refused request (401/403) does not consume the key', async () => {
      const key = newKey();
      const refused = await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key), key: vault.tenants.test.keys.noPermission });
      expect(refused.status).toBe(403);
      const accepted = await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) });
      expect(accepted.status).toBe(201);
      expect(accepted.headers.get('idempotent-replayed')).toBeNull();
    });

    const invalid: [string, string][] = [
      ['300 characters', 'k'.repeat(300)],
      ['256 characters', 'k'.repeat(256)],
      ['a space inside', 'my key'],
      ['empty', ''],
    ];

    it.each(invalid)('an invalid Idempotency-Key (%s) → 400, nothing stored', async (_name, key) => {
      const before = await tokenCount();
      const response = await vault.call('POST', '/tokenize', { json: card(), headers: { 'idempotency-key': key } });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        success: false,
        error: {
          code: 'validation_error',
          message: expect.stringContaining('Idempotency-Key'),
          fields: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }],
        },
        request_id: response.headers.get('x-request-id'),
      });
      expect(await tokenCount()).toBe(before);
    });

    it('a 255-character key is accepted', async () => {
      const key = `${randomUUID()}${'k'.repeat(219)}`;
      expect(key).toHaveLength(255);
      const first = await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) });
      expect(first.status).toBe(201);
      expectReplayOf(await vault.call('POST', '/tokenize', { json: card(), headers: withKey(key) }), first);
    });

    it('the Idempotency-Key is never forwarded to the PSP', async () => {
      const key = newKey();
      const json = { token, proxy_url: psp.url('/charge'), request_data: {} };
      await vault.call('POST', '/proxy/transaction', { json, headers: withKey(key) });
      expect(psp.received.at(-1)!.headers['idempotency-key']).toBeUndefined();
    });
  });
}
