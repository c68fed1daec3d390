import { describe, expect, it } from 'vitest';
import { completedRedirectUrl, errorRedirectUrl, successRedirectUrl } from './return-urls';

const view = {
  sessionId: 'cs_abcdefghijklmnopqrstuvwx',
  successUrl: 'https://shop.example/thanks?order=42#top',
  errorUrl: 'http://localhost:4000/error',
  amount: '10.50',
  currency: 'EUR',
};

describe('return URLs', () => {
  it('success: keeps the merchant query and fragment, appends the outcome', () => {
    const url = new URL(successRedirectUrl(view, 'sbx_123'));
    expect(url.origin + url.pathname).toBe('https://shop.example/thanks');
    expect(url.hash).toBe('#top');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order: '42',
      sessionId: view.sessionId,
      transactionId: 'sbx_123',
      amount: '10.50',
      currency: 'EUR',
      status: 'success',
    });
  });

  it('success: a merchant parameter of the same name is replaced, not duplicated', () => {
    const url = new URL(successRedirectUrl({ ...view, successUrl: 'https://shop.example/?status=pending&x=1' }, 't&1'));
    expect(url.searchParams.getAll('status')).toEqual(['success']);
    expect(url.searchParams.get('transactionId')).toBe('t&1');
    expect(url.searchParams.get('x')).toBe('1');
  });

  it('completed: a charge adds its payment; a saved card (setup mode) only the session and the status, never the token', () => {
    const charged = { transactionId: 'sbx_1', amount: '10.50', currency: 'EUR', brand: 'visa', last4: '4242' };
    expect(completedRedirectUrl(view, charged)).toBe(successRedirectUrl(view, 'sbx_1'));
    const url = completedRedirectUrl(view, { token: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d', brand: 'visa', last4: '4242' });
    expect(url).toBe(`https://shop.example/thanks?order=42&sessionId=${view.sessionId}&status=success#top`);
  });

  it('error: sessionId and error code', () => {
    expect(errorRedirectUrl(view, 'attempts_exhausted')).toBe(`http://localhost:4000/error?sessionId=${view.sessionId}&error=attempts_exhausted`);
  });
});
