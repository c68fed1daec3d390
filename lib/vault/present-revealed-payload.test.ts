import { describe, expect, it } from 'vitest';
import { presentRevealedPayload } from './present-revealed-payload';
import type { TokenPayload } from './token-payload';

describe('presentRevealedPayload', () => {
  it('reveals the card fields the response documents, in their order, without absent names', () => {
    const card = { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', firstName: 'Jane' } as const;
    expect(JSON.stringify(presentRevealedPayload(card))).toBe('{"type":"card","cardNumber":"4242424242424242","expirationMonth":"12","expirationYear":"2030","firstName":"Jane"}');
  });

  it('reveals the cardholder name of an imported card after the other card fields', () => {
    const card = { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cardholderName: 'Jane Q. Doe' } as const;
    expect(JSON.stringify(presentRevealedPayload(card))).toBe('{"type":"card","cardNumber":"4242424242424242","expirationMonth":"12","expirationYear":"2030","cardholderName":"Jane Q. Doe"}');
  });

  it('reveals the bank fields the response documents', () => {
    const bank = { type: 'bank', accountNumber: '000123456789', routingNumber: '110000000', accountType: 'savings' } as const;
    expect(presentRevealedPayload(bank)).toEqual({ type: 'bank', accountNumber: '000123456789', routingNumber: '110000000', accountType: 'savings' });
  });

  it('never reveals a field the response does not document, such as a security code', () => {
    const stored = { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123', note: 'x' } as unknown as TokenPayload;
    expect(presentRevealedPayload(stored)).toEqual({ type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' });
  });
});
