// A rate limiter that cannot count (its Redis silent past REDIS_COMMAND_TIMEOUT_MS, not connected, or any
// other failure of its store) is a 503, never a 500 and never a request let through uncounted.
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { toVaultError } from '../http/map-error';
import { consumeOrRetryAfter } from './rate-limiter';
import { StoreUnavailableError } from './types';

const failingWith = (error: unknown) => {
  const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
  limiter.consume = () => Promise.reject(error);
  return limiter as RateLimiterAbstract;
};

describe('consumeOrRetryAfter', () => {
  it.each([
    ['a command time-out', new Error('Command timed out')],
    ['Redis not ready', new Error('Redis connection is not ready')],
    ['a closed connection', new Error('Connection is closed.')],
  ])('%s → StoreUnavailableError (503)', async (_name, cause) => {
    const failure = await consumeOrRetryAfter(failingWith(cause), 'k').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((failure as StoreUnavailableError).cause).toBe(cause);
    expect(toVaultError(failure).error).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('passes a StoreUnavailableError through as it is', async () => {
    const unavailable = new StoreUnavailableError();
    await expect(consumeOrRetryAfter(failingWith(unavailable), 'k')).rejects.toBe(unavailable);
  });

  it('still counts and answers the wait when the limit is reached', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
    expect(await consumeOrRetryAfter(limiter, 'k')).toBeNull();
    expect(await consumeOrRetryAfter(limiter, 'k')).toBe(60);
  });
});
