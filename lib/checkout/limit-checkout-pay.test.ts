// The card-testing limits of POST /checkout/{id}/pay: CHECKOUT_PAY_LIMIT_PER_MINUTE (default 10) per IP,
// max(10, it) per session, the 429's message and Retry-After. The in-process store; no waiting.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config';
import { VaultError } from '../core/errors';
import { MemoryStore } from '../store/memory-store';
import { checkoutPayLimitMessage, checkoutPayLimits, limitCheckoutPayByIp, limitCheckoutPayBySession } from './limit-checkout-pay';

const stores: MemoryStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
function runtimeWith(limit: number) {
  const store = new MemoryStore();
  stores.push(store);
  return { store, config: { CHECKOUT_PAY_LIMIT_PER_MINUTE: limit } };
}

async function countServed(check: () => Promise<void>, tries: number): Promise<{ served: number; refusal: unknown }> {
  let served = 0;
  let refusal: unknown = null;
  for (let index = 0; index < tries; index++) {
    try {
      await check();
      served++;
    } catch (error) {
      refusal ??= error;
    }
  }
  return { served, refusal };
}

describe('CHECKOUT_PAY_LIMIT_PER_MINUTE', () => {
  it('defaults to 10 and takes a positive whole number', () => {
    expect(parseConfig({}).CHECKOUT_PAY_LIMIT_PER_MINUTE).toBe(10);
    expect(parseConfig({ CHECKOUT_PAY_LIMIT_PER_MINUTE: '500' }).CHECKOUT_PAY_LIMIT_PER_MINUTE).toBe(500);
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => parseConfig({ CHECKOUT_PAY_LIMIT_PER_MINUTE: value })).toThrow(ConfigError);
      expect(() => parseConfig({ CHECKOUT_PAY_LIMIT_PER_MINUTE: value })).toThrow(/CHECKOUT_PAY_LIMIT_PER_MINUTE/);
    }
  });

  it('per session: 10 (5 attempts and as many typos), or the per-IP limit when higher', () => {
    expect(checkoutPayLimits({ CHECKOUT_PAY_LIMIT_PER_MINUTE: 10 })).toEqual({ perIp: 10, perSession: 10 });
    expect(checkoutPayLimits({ CHECKOUT_PAY_LIMIT_PER_MINUTE: 3 })).toEqual({ perIp: 3, perSession: 10 });
    expect(checkoutPayLimits({ CHECKOUT_PAY_LIMIT_PER_MINUTE: 1000 })).toEqual({ perIp: 1000, perSession: 1000 });
  });
});

describe('limitCheckoutPayByIp / limitCheckoutPayBySession', () => {
  it('serves the limit per address, then 429 rate_limited with Retry-After seconds in the message', async () => {
    const runtime = runtimeWith(10);
    const { served, refusal } = await countServed(() => limitCheckoutPayByIp(runtime, '192.0.2.1'), 12);
    expect(served).toBe(10);
    expect(refusal).toBeInstanceOf(VaultError);
    const error = refusal as VaultError;
    expect(error.code).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(error.message).toBe(checkoutPayLimitMessage(error.retryAfterSeconds!));
    // Another address is counted on its own.
    await expect(limitCheckoutPayByIp(runtime, '192.0.2.2')).resolves.toBeUndefined();
  });

  it('a raised CHECKOUT_PAY_LIMIT_PER_MINUTE raises both limits', async () => {
    const runtime = runtimeWith(25);
    expect((await countServed(() => limitCheckoutPayByIp(runtime, '192.0.2.1'), 30)).served).toBe(25);
    expect((await countServed(() => limitCheckoutPayBySession(runtime, 'cs_AAAAAAAAAAAAAAAAAAAAAAAA'), 30)).served).toBe(25);
  });

  it('counts per session apart from the address, and sessions apart from each other', async () => {
    const runtime = runtimeWith(10);
    expect((await countServed(() => limitCheckoutPayBySession(runtime, 'cs_AAAAAAAAAAAAAAAAAAAAAAAA'), 11)).served).toBe(10);
    await expect(limitCheckoutPayBySession(runtime, 'cs_BBBBBBBBBBBBBBBBBBBBBBBB')).resolves.toBeUndefined();
    await expect(limitCheckoutPayByIp(runtime, '192.0.2.1')).resolves.toBeUndefined();
  });

  it('a request without a known address is counted under one key, never unlimited', async () => {
    const runtime = runtimeWith(10);
    expect((await countServed(() => limitCheckoutPayByIp(runtime, null), 11)).served).toBe(10);
  });

  it('the message says what to do', () => {
    expect(checkoutPayLimitMessage(1)).toBe('Too many payment requests in a short time. Please wait 1 second and try again.');
    expect(checkoutPayLimitMessage(42)).toBe('Too many payment requests in a short time. Please wait 42 seconds and try again.');
  });
});
