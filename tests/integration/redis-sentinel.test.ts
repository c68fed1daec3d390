// The vault on a real Sentinel setup (a primary, its replica and a sentinel on loopback ports, started
// once for this file, with passwords): REDIS_SENTINELS + REDIS_SENTINEL_NAME win over the REDIS_URL the
// run may also set. The CVC session, idempotency and checkout rate-limit suites run unchanged on it; then
// the primary is failed over while requests keep coming (SENTINEL FAILOVER; and, on a second setup, the
// primary killed): every answer is a success or a clean 404/503 (never a 500, never a hang), and afterwards
// the vault works on the new primary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisStore } from '../../lib/store/redis-store';
import { useTestPsp } from '../helpers/psp-test-kit';
import { redisBinariesPresent, startRedisSentinel, type RedisSentinelSetup } from '../helpers/redis-topologies';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { storeSuites } from '../suites/store-suites';

/** No single request may take longer than this during the fail-over (REDIS_COMMAND_TIMEOUT_MS is 1 s). */
const ANSWER_BOUND_MS = 8_000;
/** The whole fail-over, from SENTINEL FAILOVER (or the kill) to a working vault on the new primary. */
const FAILOVER_BOUND_MS = 30_000;

describe.skipIf(!redisBinariesPresent())('on Redis Sentinel (REDIS_SENTINELS + REDIS_SENTINEL_NAME)', () => {
  let sentinel: RedisSentinelSetup;
  beforeAll(async () => {
    sentinel = await startRedisSentinel();
  });
  afterAll(() => sentinel?.stop());
  storeSuites({ env: () => sentinel.env, redis: () => sentinel.connect() });

  // Last: it moves the primary.
  describe('SENTINEL FAILOVER mid-run', () => failOverMidRun(() => sentinel, (setup) => setup.failover()));

  // A setup of its own: after a fail-over the sentinel takes up to its 10 s INFO period to see the old
  // primary as a fit replica again.
  describe('the primary killed mid-run', () => {
    let own: RedisSentinelSetup;
    beforeAll(async () => {
      own = await startRedisSentinel();
    });
    afterAll(() => own?.stop());
    failOverMidRun(() => own, (setup) => setup.crashPrimary());
  });
});

/**
 * Requests through a fail-over of `sentinel()`'s primary made by `failOver`, on a vault of its own: every
 * answer a success or a clean 404/503, never a 500 or a hang; afterwards the vault works on the new primary.
 */
function failOverMidRun(sentinel: () => RedisSentinelSetup, failOver: (setup: RedisSentinelSetup) => Promise<{ from: number; to: number }>): void {
  const psp = useTestPsp();
  let vault: TestVault;
  beforeAll(async () => {
    vault = await startTestVault({ env: sentinel().env, pspCa: psp.ca });
  });
  afterAll(() => vault?.close());

  const card = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' };
  const tokenize = () => vault.call('POST', '/tokenize', { json: { type: 'card', data: { ...card, cvv: '123' } } });
  const testToken = () => vault.call('POST', '/test-tokens', { json: { ...card, cvc: '123' } });
  const useSession = (session: { token: string; cvc_session_id: string }) =>
    vault.call('POST', '/proxy/transaction', {
      json: { token: session.token, cvc_session_id: session.cvc_session_id, proxy_url: psp.url('/pay'), request_data: { cvv: '${cvv}' } },
    });

  /** The session's key is on the primary the sentinel names now: the vault writes to the new primary. */
  async function onNewPrimary(sessionId: string): Promise<boolean> {
    const primary = sentinel().connect();
    try {
      const key = `${vault.runtime.config.REDIS_KEY_PREFIX}cvc:${vault.tenants.test.projectId}:${sessionId}`;
      return (await primary.exists(key)) === 1 && (await primary.call('ROLE') as [string])[0] === 'master';
    } catch {
      return false;
    } finally {
      primary.disconnect();
    }
  }

  /** The answer, or a failure naming the hang. */
  async function bounded(request: Promise<ApiResponse>): Promise<ApiResponse> {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`a request hung for more than ${ANSWER_BOUND_MS} ms`)), ANSWER_BOUND_MS);
    });
    try {
      return await Promise.race([request, hang]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** 2xx, or 404 `cvc_session_not_found` / 503 `service_unavailable` with the standard error body. */
  function expectCleanAnswer(response: ApiResponse) {
    if (response.status < 300) return expect(response.status).toBeGreaterThanOrEqual(200);
    const code = { 404: 'cvc_session_not_found', 503: 'service_unavailable' }[response.status];
    expect(code, `status ${response.status}: ${response.text}`).toBeDefined();
    expect(response.json).toEqual({ success: false, error: { code, message: expect.any(String) }, request_id: response.headers.get('x-request-id') });
  }

  it('sessions made before: usable or a clean 404/503; requests during it: never a 500 or a hang; after it: everything works', async () => {
    const once = await Promise.all(Array.from({ length: 6 }, tokenize));
    const reusable = await Promise.all(Array.from({ length: 3 }, testToken));
    for (const created of [...once, ...reusable]) expect(created.status).toBe(201);
    const before = await sentinel().primaryPort();

    const answers: ApiResponse[] = [];
    let failedOver = false;
    const failover = failOver(sentinel()).finally(() => (failedOver = true));
    // Traffic through the fail-over: new sessions, uses of the reusable ones, and the once-sessions
    // made before, each used once along the way.
    const deadline = Date.now() + FAILOVER_BOUND_MS;
    let recovered = false;
    let round = 0;
    for (; !recovered; round++) {
      if (Date.now() >= deadline) {
        // What a rare failure here needs to be understood: where the vault's client is, and what the sentinel says.
        const store = vault.runtime.store as RedisStore;
        const named = await sentinel().primaryPort().catch(() => 'unknown');
        const last = answers.slice(-4).map((answer) => answer.status);
        throw new Error(
          `the vault did not work again on the new primary within ${FAILOVER_BOUND_MS} ms (failed over: ${failedOver}; last answers: ${last}; client ${store.client.status}, store available: ${store.isAvailable()}; the sentinel names port ${named})`,
        );
      }
      const made = await bounded(tokenize());
      const madeOnNewPrimary = failedOver && made.status === 201 && (await onNewPrimary(made.json.cvc_session_id));
      const used = await Promise.all([
        bounded(useSession(reusable[round % reusable.length]!.json)),
        ...(round < once.length ? [bounded(useSession(once[round]!.json))] : []),
        ...(made.status === 201 ? [bounded(useSession(made.json))] : []),
      ]);
      answers.push(made, ...used);
      // Recovered: a session made on the new primary is usable. A session made before may be gone (written to
      // the old primary, not yet replicated): a clean 404 is its allowed answer, checked below, not a wait.
      recovered = madeOnNewPrimary && used.at(-1)!.status === 200;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { from, to } = await failover;
    expect(from).toBe(before);
    expect(to).not.toBe(before);
    for (const answer of answers) expectCleanAnswer(answer);
    expect(answers.some((answer) => answer.status === 500)).toBe(false);

    // The sessions made before that were not used yet: one use each, usable or cleanly gone.
    for (const created of once.slice(round)) expectCleanAnswer(await bounded(useSession(created.json)));
    for (const created of reusable) {
      const used = await bounded(useSession(created.json));
      expect([200, 404]).toContain(used.status);
      expectCleanAnswer(used);
    }
    // On the new primary: a new session is made and used once, /ready is ready.
    const fresh = await tokenize();
    expect(fresh.status).toBe(201);
    expect((await useSession(fresh.json)).status).toBe(200);
    expect((await useSession(fresh.json)).status).toBe(404);
    expect((await vault.call('GET', '/ready')).json).toEqual({ status: 'ready', checks: { database: 'ok', store: 'ok' }, latency_ms: { database: expect.any(Number), store: expect.any(Number) } });
    expect(await sentinel().primaryPort()).toBe(to);
  }, FAILOVER_BOUND_MS + 15_000);
}
