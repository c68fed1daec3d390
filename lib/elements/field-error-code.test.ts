import { describe, expect, it } from 'vitest';
import { cvcError, detectBrand } from '../checkout/card-input';
import { fieldErrorCode } from './field-error-code';

const cvcCode = (value: string, number: string) => {
  const brand = detectBrand(number);
  return fieldErrorCode('card_cvc', value, cvcError(value, brand)!, brand?.cvcLength ?? null);
};

describe('fieldErrorCode', () => {
  it('a security code still being typed is incomplete, not invalid (no error on the first digit)', () => {
    expect(cvcCode('1', '4242424242424242')).toBe('incomplete');
    expect(cvcCode('12', '4242424242424242')).toBe('incomplete');
    expect(cvcCode('123', '378282246310005')).toBe('incomplete');
    expect(cvcCode('12', '')).toBe('incomplete');
  });

  it('a security code of the wrong length or with non-digits is invalid', () => {
    expect(cvcCode('1234', '4242424242424242')).toBe('invalid');
    expect(cvcCode('12a', '4242424242424242')).toBe('invalid');
  });

  it('follows the messages for the other fields', () => {
    expect(fieldErrorCode('card_number', '4242', 'Your card number is incomplete.', null)).toBe('incomplete');
    expect(fieldErrorCode('card_number', '4242424242424241', 'Your card number is invalid. Check it and try again.', null)).toBe('invalid');
    expect(fieldErrorCode('card_expiry', '', 'Enter the expiry date.', null)).toBe('incomplete');
    expect(fieldErrorCode('card_expiry', '13 / 30', 'The expiry month must be between 01 and 12.', null)).toBe('invalid');
  });
});
