import { describe, expect, it } from 'vitest';
import { checkoutContentSecurityPolicy, checkoutPageHeaders, createNonce, frameableOrigin } from './csp';

function directives(policy: string): Map<string, string> {
  return new Map(policy.split(';').map((part) => part.trim()).map((part) => [part.split(' ')[0]!, part.split(' ').slice(1).join(' ')]));
}

describe('checkout page policy', () => {
  it('allows only nonce-carrying first-party scripts and frames by parentOrigin', () => {
    const nonce = createNonce();
    const policy = directives(checkoutContentSecurityPolicy({ nonce, framing: { kind: 'parent', origin: 'https://shop.example' } }));
    expect(policy.get('script-src')).toBe(`'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('form-action')).toBe("'self'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe('https://shop.example');
    expect([...policy.values()].join(' ')).not.toMatch(/\*|https?:\/\/(?!shop\.example)/);
  });

  it("frames nothing unless an exact origin is given", () => {
    for (const origin of ['https://shop.example/path', 'https://*.example', 'https://a.example https://b.example', "https://a.example;script-src *", 'http://shop.example', 'javascript:alert(1)', '']) {
      const headers = checkoutPageHeaders({ nonce: 'abc', framing: { kind: 'parent', origin } });
      expect(directives(headers['content-security-policy']!).get('frame-ancestors')).toBe("'none'");
      expect(headers['x-frame-options']).toBe('DENY');
    }
    const none = checkoutPageHeaders({ nonce: 'abc', framing: { kind: 'none' } });
    expect(directives(none['content-security-policy']!).get('frame-ancestors')).toBe("'none'");
    expect(none['x-frame-options']).toBe('DENY');
  });

  it('accepts localhost over http, and iframe sessions carry no X-Frame-Options', () => {
    expect(frameableOrigin('http://localhost:3918')).toBe('http://localhost:3918');
    expect(frameableOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(frameableOrigin('https://shop.example:8443')).toBe('https://shop.example:8443');
    expect(frameableOrigin('https://SHOP.example')).toBeNull();
    const headers = checkoutPageHeaders({ nonce: 'abc', framing: { kind: 'parent', origin: 'http://localhost:3918' } });
    expect(headers['x-frame-options']).toBeUndefined();
  });

  it('makes a fresh nonce each time, in the form Next reads', () => {
    const a = createNonce();
    expect(a).not.toBe(createNonce());
    expect(a).toMatch(/^[A-Za-z0-9+/_-]+={0,2}$/);
  });
});
