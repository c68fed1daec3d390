// The checkout page's reading of the Pay answer (components/checkout/checkout-api.ts): a 429 of the
// card-testing limit is a payment error with the server's message (shown, and posted as PAYMENT_ERROR),
// not "the payment service is unreachable". fetch is stubbed; nothing leaves the process.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pay, RATE_LIMITED_MESSAGE } from '../../components/checkout/checkout-api';

const CARD = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' };

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })));
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pay(): the card-testing limit', () => {
  it('429 rate_limited → rate_limited with the server\'s message and Retry-After', async () => {
    const message = 'Too many payment requests in a short time. Please wait 42 seconds and try again.';
    answer(429, { success: false, error: { code: 'rate_limited', message }, request_id: 'r' }, { 'retry-after': '42' });
    expect(await pay('cs_AAAAAAAAAAAAAAAAAAAAAAAA', CARD)).toEqual({ kind: 'rate_limited', error: { code: 'rate_limited', message }, retryAfterSeconds: 42 });
  });

  it('a 429 without a readable body still explains itself', async () => {
    answer(429, 'Too Many Requests');
    expect(await pay('cs_AAAAAAAAAAAAAAAAAAAAAAAA', CARD)).toEqual({ kind: 'rate_limited', error: { code: 'rate_limited', message: RATE_LIMITED_MESSAGE }, retryAfterSeconds: null });
  });

  it('other answers keep their meaning (a 503 is still "unavailable", a 402 a decline)', async () => {
    answer(503, { success: false, error: { code: 'service_unavailable', message: 'x' }, request_id: 'r' });
    expect(await pay('cs_AAAAAAAAAAAAAAAAAAAAAAAA', CARD)).toEqual({ kind: 'unavailable' });
    answer(402, { success: false, error: { code: 'card_declined', message: 'Your card was declined' }, status: 'open', attempts: 1, attempts_remaining: 4, request_id: 'r' });
    expect(await pay('cs_AAAAAAAAAAAAAAAAAAAAAAAA', CARD)).toMatchObject({ kind: 'failed', error: { code: 'card_declined' }, attemptsRemaining: 4, final: false });
  });
});
