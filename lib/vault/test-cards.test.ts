import { describe, expect, it } from 'vitest';
import { luhnValid } from '../cards/card-rules';
import { isPublishedTestCard, publishedTestCards } from './test-cards';

const required = [
  '4242424242424242',
  '4111111111111111',
  '5555555555554444',
  '4000056655665556',
  '5200828282828210',
  '2223003122003222',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
  '4012888888881881',
  '5105105105105100',
  '4000000000000002',
  '4000000000009995',
  // One of each further source: Adyen, Checkout.com, Worldpay, the card networks' common list.
  '4988438843884305',
  '4543474002249996',
  '5436031030606378',
  '6759649826438453',
  '4917610000000000',
  '3088000000000017',
  '4222222222222',
];

describe('publishedTestCards', () => {
  it.each(required)('includes %s', (pan) => {
    expect(publishedTestCards.has(pan)).toBe(true);
  });

  it.each([...publishedTestCards])('%s is 12–19 digits and passes Luhn', (pan) => {
    expect(pan).toMatch(/^\d{12,19}$/);
    expect(luhnValid(pan)).toBe(true);
  });
});

describe('isPublishedTestCard', () => {
  it('matches digits with or without separators', () => {
    expect(isPublishedTestCard('4242424242424242')).toBe(true);
    expect(isPublishedTestCard('4242 4242 4242 4242')).toBe(true);
    expect(isPublishedTestCard('4242-4242-4242-4242')).toBe(true);
  });

  it('does not match other Luhn-valid numbers', () => {
    expect(luhnValid('4242424242424259')).toBe(true);
    expect(isPublishedTestCard('4242424242424259')).toBe(false);
    expect(isPublishedTestCard('')).toBe(false);
  });
});
