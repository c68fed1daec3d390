import { describe, expect, it } from 'vitest';
import { withNumericAmountMinor } from './numeric-amount';

describe('withNumericAmountMinor', () => {
  it('turns a value that is exactly ${amountMinor} into a number, at any depth, and nothing else', () => {
    const template = { amount: { value: '${amountMinor}', text: 'minor ${amountMinor}', decimal: '${amount}' }, lines: ['${amountMinor}', 3, null], n: '${cardNumber}' };
    expect(withNumericAmountMinor(template, 1050n)).toEqual({ amount: { value: 1050, text: 'minor ${amountMinor}', decimal: '${amount}' }, lines: [1050, 3, null], n: '${cardNumber}' });
  });

  it('keeps the text when the number would lose digits in a JSON parser', () => {
    expect(withNumericAmountMinor({ value: '${amountMinor}' }, 2n ** 53n)).toEqual({ value: '${amountMinor}' });
    expect(withNumericAmountMinor({ value: '${amountMinor}' }, 2n ** 53n - 1n)).toEqual({ value: 9007199254740991 });
  });
});
