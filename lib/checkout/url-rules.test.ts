import { describe, expect, it } from 'vitest';
import { isExactOrigin, isReturnUrl } from './url-rules';

describe('checkout URL rules', () => {
  it('return URLs: absolute https, http only for localhost and 127.0.0.1, no credentials', () => {
    for (const url of ['https://shop.example/ok?x=1#y', 'http://localhost:4000/', 'http://127.0.0.1/ok']) expect(isReturnUrl(url), url).toBe(true);
    for (const url of ['http://shop.example/', 'http://[::1]/', '/ok', 'javascript:alert(1)', 'https://u:p@shop.example/', 'https://shop.example/a b']) expect(isReturnUrl(url), url).toBe(false);
  });

  it('parentOrigin: exactly what a browser reports as an origin', () => {
    for (const origin of ['https://shop.example', 'https://shop.example:8443', 'http://localhost:4000', 'http://127.0.0.1']) expect(isExactOrigin(origin), origin).toBe(true);
    for (const origin of ['https://shop.example/', 'https://shop.example/x', 'https://*.example', 'https://a.example https://b.example', 'https://a.example;', 'http://shop.example', 'https://SHOP.example', 'https://shop.example:443', 'null', '']) {
      expect(isExactOrigin(origin), origin).toBe(false);
    }
  });

  it('parentOrigin: a host the URL parser lets through but a header must not carry is refused (the page could never be framed by it)', () => {
    for (const origin of ["https://sh'op.example", 'https://a!b.example', 'https://a$b.example']) expect(isExactOrigin(origin), origin).toBe(false);
    expect(isExactOrigin('https://xn--bcher-kva.example')).toBe(true);
  });
});
