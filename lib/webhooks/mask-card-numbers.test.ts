import { describe, expect, it } from 'vitest';
import { maskCardNumbers } from './mask-card-numbers';

describe('maskCardNumbers', () => {
  it('masks card numbers however spaced, keeping at most BIN and last 4', () => {
    const masked = maskCardNumbers('{"echo":"4111111111111111","b":"4111 1111 1111 1111","c":"4111-1111-1111-1111"}');
    expect(masked).not.toMatch(/4111111111111111|4111 1111 1111 1111|4111-1111-1111-1111/);
    expect(masked).toContain('1111');
  });
  it('leaves other numbers alone', () => {
    const text = 'order 1234567890123 at 1732600000, id 4111111111111112';
    expect(maskCardNumbers(text)).toBe(text);
  });
});
