import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_POLICY_MARKER, checkoutPageHeadersHook } from './checkout-page-headers';

const SESSION_ID = 'cs_abcdefghijklmnopqrstuvwx';

function fakeRuntime(row: Record<string, unknown> | null | Error) {
  const findUnique = async () => {
    if (row instanceof Error) throw row;
    return row;
  };
  const warnings: unknown[] = [];
  return {
    runtime: {
      db: { prisma: { checkoutSession: { findUnique, updateMany: async () => ({ count: 0 }) } } },
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
    } as never,
    warnings,
  };
}

function session(embedMode: string, parentOrigin: string | null) {
  return {
    id: SESSION_ID,
    status: 'open',
    embedMode,
    parentOrigin,
    expiresAt: new Date(Date.now() + 60_000),
    merchantName: 'Shop',
    mode: 'payment',
    amount: '1.00',
    amountMinor: 100n,
    currency: 'EUR',
    token: null,
    successUrl: 'https://shop.example/s',
    cancelUrl: 'https://shop.example/c',
    errorUrl: 'https://shop.example/e',
    attempts: 0,
    testMode: true,
    transactionId: null,
    cardBrand: null,
    cardLast4: null,
  };
}

async function run(row: Record<string, unknown> | null | Error, path: string, requestHeaders: Record<string, string> = {}) {
  const { runtime, warnings } = fakeRuntime(row);
  const req = { headers: { ...requestHeaders } } as unknown as IncomingMessage;
  const set: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = value) } as unknown as ServerResponse;
  await checkoutPageHeadersHook(runtime)(req, res, path);
  return { request: req.headers, response: set, warnings };
}

describe('checkout page headers hook', () => {
  it('lets an iframe session be framed by its parentOrigin, and hands Next the same policy', async () => {
    const { request, response } = await run(session('iframe', 'https://shop.example'), `/checkout/${SESSION_ID}`);
    expect(response['content-security-policy']).toContain('frame-ancestors https://shop.example');
    expect(response['x-frame-options']).toBeUndefined();
    expect(request['content-security-policy']).toBe(response['content-security-policy']);
    expect(request[CHECKOUT_POLICY_MARKER]).toBe('1');
  });

  it("frames nothing for other modes, unknown ids and failed lookups", async () => {
    for (const row of [session('popup', 'https://shop.example'), session('redirect', null), null, new Error('db down')]) {
      const { response, request } = await run(row, `/checkout/${SESSION_ID}`);
      expect(response['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response['x-frame-options']).toBe('DENY');
      expect(request[CHECKOUT_POLICY_MARKER]).toBe('1');
    }
  });

  it('drops policy headers a client sent, and leaves other pages alone', async () => {
    const { request, response } = await run(session('iframe', 'https://shop.example'), '/dashboard', {
      'content-security-policy': "script-src 'nonce-attacker'",
      [CHECKOUT_POLICY_MARKER]: '1',
    });
    expect(request['content-security-policy']).toBeUndefined();
    expect(request[CHECKOUT_POLICY_MARKER]).toBeUndefined();
    expect(response).toEqual({});
    // Not the page: the pay/cancel paths are answered by the fast door, and never get page headers here.
    expect((await run(session('iframe', 'https://shop.example'), `/checkout/${SESSION_ID}/pay`)).response).toEqual({});
  });
});
