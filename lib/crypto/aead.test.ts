import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './aead';

describe('seal/open', () => {
  const key = randomBytes(32);

  it('round-trips and never leaves the plaintext in the sealed bytes', () => {
    const sealed = seal(key, '4242424242424242', 'tok_1');
    expect(sealed.includes(Buffer.from('4242424242424242'))).toBe(false);
    expect(open(key, sealed, 'tok_1').toString()).toBe('4242424242424242');
  });

  it('uses a fresh IV each time', () => {
    expect(seal(key, 'x').equals(seal(key, 'x'))).toBe(false);
  });

  it('refuses another AAD, another key and tampered bytes', () => {
    const sealed = seal(key, 'secret', 'tok_1');
    expect(() => open(key, sealed, 'tok_2')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'tok_1')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => open(key, tampered, 'tok_1')).toThrow();
  });
});
