// Card testing on hosted checkout: POST /checkout/{sessionId}/pay is limited per client IP across sessions
// (CHECKOUT_PAY_LIMIT_PER_MINUTE, default 10 a minute) and per session (10 a minute). Beyond either: 429
// `rate_limited` with Retry-After and a clear message, nothing charged, no attempt used, audited. Happy,
// error and attack tables. Client addresses are chosen with X-Forwarded-For behind one trusted hop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD, customer, makeMerchant, openSession, readSession, type TestMerchant } from '../helpers/checkout';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import type { SuiteOptions } from './suite-options';

const CHECKOUT_URL = 'https://pay.vault.example';
const DECLINE = '4000000000000002';
const LIMIT_MESSAGE = /^Too many payment requests in a short time\. Please wait (1 second|\d+ seconds) and try again\.$/;

/** Every case, on the store `options` picks. */
export function checkoutLimitCases(options: SuiteOptions = {}): void {
  let vault: TestVault;
  let merchant: TestMerchant;

  beforeAll(async () => {
    // The default limits (no CHECKOUT_PAY_LIMIT_PER_MINUTE): 10 per IP, 10 per session, each a minute.
    vault = await startTestVault({ env: { ...options.env?.(), CHECKOUT_URL, TRUST_PROXY: '1' } });
    merchant = await makeMerchant(vault);
  });
  afterAll(async () => {
    await vault?.close();
  });

  /** A client address never used before in this file (benchmarking range 198.18.0.0/15). */
  let addresses = 0;
  function newIp(): string {
    addresses += 1;
    return `198.18.${addresses >> 8}.${addresses & 255}`;
  }
  const pay = (sessionId: string, ip: string, card: Record<string, unknown> = {}) => customer(vault, sessionId, 'pay', { json: { ...CARD, ...card }, headers: { 'x-forwarded-for': ip } });
  const tokens = () => vault.runtime.db.prisma.token.count({ where: { projectId: vault.tenants.test.projectId } });
  const attemptsOf = (sessionId: string) => vault.runtime.db.prisma.checkoutAttempt.count({ where: { sessionId } });

  function expectLimited(response: ApiResponse) {
    expect(response.status).toBe(429);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'rate_limited', message: expect.stringMatching(LIMIT_MESSAGE) },
      request_id: response.headers.get('x-request-id'),
    });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.json.error.message).toContain(retryAfter === 1 ? '1 second' : `${retryAfter} seconds`);
  }

  describe('checkout pay limits — happy', () => {
    it('a customer paying normally is never limited: a decline, a typo and an approval', async () => {
      const ip = newIp();
      const sessionId = await openSession(vault, merchant);
      expect((await pay(sessionId, ip, { cardNumber: DECLINE })).status).toBe(402);
      expect((await pay(sessionId, ip, { expirationMonth: '13' })).status).toBe(400);
      expect((await pay(sessionId, ip)).status).toBe(200);
    });

    it('10 Pays a minute from one IP across sessions are served', async () => {
      const ip = newIp();
      const sessions = await Promise.all(Array.from({ length: 10 }, () => openSession(vault, merchant)));
      for (const sessionId of sessions) expect((await pay(sessionId, ip)).status).toBe(200);
    });

    it('a session can use all 5 attempts and mistype as often again', async () => {
      const sessionId = await openSession(vault, merchant);
      for (let attempt = 0; attempt < 5; attempt++) expect((await pay(sessionId, newIp(), { cvc: '1' })).status).toBe(400);
      for (let attempt = 1; attempt < 5; attempt++) expect((await pay(sessionId, newIp(), { cardNumber: DECLINE })).status).toBe(402);
      expect((await pay(sessionId, newIp())).status).toBe(200);
    });
  });

  describe('checkout pay limits — error', () => {
    it('the 11th Pay in a minute from one IP (a new session) → 429 with Retry-After; nothing charged; audited', async () => {
      const ip = newIp();
      for (let index = 0; index < 10; index++) expect((await pay(await openSession(vault, merchant), ip)).status).toBe(200);
      const sessionId = await openSession(vault, merchant);
      const before = await tokens();
      const limited = await pay(sessionId, ip);
      expectLimited(limited);
      expect(await tokens()).toBe(before);
      expect(await attemptsOf(sessionId)).toBe(0);
      expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'open', attempts: 0 });
      const audit = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: limited.headers.get('x-request-id')!, action: 'checkout.pay' } });
      expect(audit).toMatchObject({ outcome: 'failure', statusCode: 429, ip, resource: `checkout_session:${sessionId}` });
      // Another customer (another address) pays that session.
      expect((await pay(sessionId, newIp())).status).toBe(200);
    });

    it('the 11th Pay of one session in a minute (from other addresses) → 429; the same address pays another session', async () => {
      const sessionId = await openSession(vault, merchant);
      for (let index = 0; index < 10; index++) expect((await pay(sessionId, newIp(), { cvc: '1' })).status).toBe(400);
      const ip = newIp();
      expectLimited(await pay(sessionId, ip));
      expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'open', attempts: 0 });
      expect((await pay(await openSession(vault, merchant), ip)).status).toBe(200);
    });

    it('the limit is answered before the session state: a paid session, an unknown id', async () => {
      const ip = newIp();
      const paid = await openSession(vault, merchant);
      expect((await pay(paid, ip)).status).toBe(200);
      for (let index = 0; index < 9; index++) expect((await pay(paid, ip)).status).toBe(409);
      expectLimited(await pay(paid, ip));
      expectLimited(await pay('cs_000000000000000000000000', ip));
    });
  });

  describe('checkout pay limits — attack', () => {
    it('card testing across sessions from one address: cards 11+ never reach the processor', async () => {
      const ip = newIp();
      const before = await tokens();
      const answers: number[] = [];
      for (let index = 0; index < 15; index++) answers.push((await pay(await openSession(vault, merchant), ip, { cardNumber: DECLINE })).status);
      expect(answers).toEqual([...Array(10).fill(402), ...Array(5).fill(429)]);
      expect(await tokens()).toBe(before + 10);
    });

    it('guessing session ids counts against the address', async () => {
      const ip = newIp();
      for (let index = 0; index < 10; index++) expect((await pay(`cs_${'0'.repeat(23)}${index}`, ip)).status).toBe(404);
      expectLimited(await pay(await openSession(vault, merchant), ip));
    });

    it('one session from many addresses: at most 10 Pays a minute reach it', async () => {
      const sessionId = await openSession(vault, merchant);
      const statuses: number[] = [];
      for (let index = 0; index < 14; index++) statuses.push((await pay(sessionId, newIp(), { cardNumber: '4242424242424241' })).status);
      expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
    });

    it('a spoofed X-Forwarded-For entry left of the trusted hop does not reset the count', async () => {
      const ip = newIp();
      for (let index = 0; index < 10; index++) expect((await pay(await openSession(vault, merchant), ip)).status).toBe(200);
      expectLimited(await pay(await openSession(vault, merchant), `${newIp()}, ${ip}`));
    });

    it('no card data in any 429', async () => {
      const ip = newIp();
      const canary = '4000056655665556';
      const responses: ApiResponse[] = [];
      for (let index = 0; index < 11; index++) responses.push(await pay(await openSession(vault, merchant), ip, { cardNumber: canary, cvc: '7391' }));
      const limited = responses.at(-1)!;
      expectLimited(limited);
      expect(limited.text).not.toContain(canary);
      expect(limited.text).not.toMatch(/(?<![0-9A-Za-z-])7391(?![0-9A-Za-z-])/);
    });
  });
}
