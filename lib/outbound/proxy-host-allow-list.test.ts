import { describe, expect, it } from 'vitest';
import {
  assertProxyHostAllowed,
  isProxyHostAllowed,
  proxyHostNotAllowed,
  isProxyHostListed,
  normaliseProxyHostEntry,
  readAllowedProxyHosts,
} from './proxy-host-allow-list';
import { parseProxyUrl } from './proxy-url';

const url = (text: string) => parseProxyUrl(text, new Set(['[::1]', '127.0.0.1']));

describe('normaliseProxyHostEntry', () => {
  it.each([
    ['psp.example.com', 'psp.example.com'],
    ['  PSP.Example.COM  ', 'psp.example.com'],
    ['psp.example.com.', 'psp.example.com'],
    ['psp.example.com:443', 'psp.example.com'],
    ['psp.example.com:8443', 'psp.example.com:8443'],
    ['*.example.com', '*.example.com'],
    ['*.Example.com:8443', '*.example.com:8443'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['localhost', 'localhost'],
    ['10.0.0.5', '10.0.0.5'],
    ['127.1', '127.0.0.1'],
    ['::1', '[::1]'],
    ['[::1]', '[::1]'],
    ['[::1]:8443', '[::1]:8443'],
    ['my_psp.example', 'my_psp.example'],
  ])('%j → %j', (entry, expected) => {
    expect(normaliseProxyHostEntry(entry)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'https://psp.example.com',
    'psp.example.com/charge',
    'user@psp.example.com',
    'psp.example.com?x=1',
    'psp.example.com#x',
    '*',
    '*.',
    '*.com',
    '*.*.example.com',
    'a.*.example.com',
    'foo*.example.com',
    '*example.com',
    '*.10.0.0.1',
    '*.[::1]',
    'psp.example.com:99999',
    'psp.example.com:abc',
    'psp example.com',
    "psp'.example.com",
    'psp!.example.com',
    '-psp.example.com',
    'psp-.example.com',
    `${'a'.repeat(64)}.example.com`,
    `${'a.'.repeat(140)}example`,
  ])('refuses %j', (entry) => {
    expect(normaliseProxyHostEntry(entry)).toBeNull();
  });
});

describe('isProxyHostListed', () => {
  const list = ['psp.example.com', '*.cdn.example', 'gateway.example:8443', '[::1]:9443', '127.0.0.1'];

  it.each([
    'https://psp.example.com/v1/charges',
    'https://PSP.EXAMPLE.COM/v1/charges',
    'https://psp.example.com:443/x',
    'https://psp.example.com./x',
    'https://a.cdn.example/x',
    'https://A-1.cdn.example:443/x',
    'https://gateway.example:8443/pay',
    'https://[::1]:9443/pay',
    'https://127.0.0.1/pay',
    'https://0x7f.1/pay',
  ])('allows %s', (text) => {
    expect(isProxyHostListed(url(text), list)).toBe(true);
  });

  it.each([
    // Not listed at all, or a look-alike.
    'https://evil.example/x',
    'https://psp.example.com.evil.example/x',
    'https://evilpsp.example.com/x',
    'https://sub.psp.example.com/x',
    // The wildcard is one label: neither the bare suffix nor two labels.
    'https://cdn.example/x',
    'https://a.b.cdn.example/x',
    'https://xcdn.example/x',
    // Ports: an entry without a port is 443 only; an entry with one is that port only.
    'https://psp.example.com:8443/x',
    'https://gateway.example/pay',
    'https://gateway.example:9443/pay',
    'https://a.cdn.example:8443/x',
    'https://[::1]/pay',
    'https://127.0.0.1:8443/pay',
  ])('refuses %s', (text) => {
    expect(isProxyHostListed(url(text), list)).toBe(false);
  });

  it('an empty list allows nothing', () => {
    expect(isProxyHostListed(url('https://psp.example.com/'), [])).toBe(false);
  });
});

describe('isProxyHostAllowed / assertProxyHostAllowed', () => {
  const target = url('https://psp.example.com/charge');

  it('null: a test project reaches any host, unless PROXY_REQUIRE_ALLOW_LIST; a production project none', () => {
    expect(isProxyHostAllowed(target, { environment: 'test', allowedProxyHosts: null }, false)).toBe(true);
    expect(isProxyHostAllowed(target, { environment: 'production', allowedProxyHosts: null }, false)).toBe(false);
    expect(isProxyHostAllowed(target, { environment: 'test', allowedProxyHosts: null }, true)).toBe(false);
    expect(isProxyHostAllowed(target, { environment: 'production', allowedProxyHosts: null }, true)).toBe(false);
  });

  it('a list applies whatever the environment and setting', () => {
    for (const environment of ['test', 'production'] as const) {
      for (const required of [false, true]) {
        expect(isProxyHostAllowed(target, { environment, allowedProxyHosts: ['psp.example.com'] }, required)).toBe(true);
        expect(isProxyHostAllowed(target, { environment, allowedProxyHosts: ['other.example'] }, required)).toBe(false);
      }
    }
  });

  it('refuses with 400 proxy_host_not_allowed, naming the host (never its port, path or query) and the setting', () => {
    expect(() => assertProxyHostAllowed(target, { environment: 'test', allowedProxyHosts: ['other.example'] }, false)).toThrow(
      expect.objectContaining({ status: 400, code: 'proxy_host_not_allowed', message: "Invalid proxy URL: psp.example.com is not in this project's allowed_proxy_hosts" }),
    );
    expect(() => assertProxyHostAllowed(target, { environment: 'test', allowedProxyHosts: ['psp.example.com'] }, false)).not.toThrow();
    for (const [raw, host] of [
      ['https://PSP.Example.com:8443/pay?card=1#x', 'psp.example.com'],
      ['https://[::1]:8443/x', '[::1]'],
      ['https://127.0.0.1:9/x', '127.0.0.1'],
    ] as const) {
      expect(proxyHostNotAllowed(url(raw)).message).toBe(`Invalid proxy URL: ${host} is not in this project's allowed_proxy_hosts`);
    }
  });
});

describe('readAllowedProxyHosts', () => {
  it('reads the JSON column: null stays null, anything malformed allows nothing', () => {
    expect(readAllowedProxyHosts(null)).toBeNull();
    expect(readAllowedProxyHosts(undefined)).toBeNull();
    expect(readAllowedProxyHosts(['a.example'])).toEqual(['a.example']);
    expect(readAllowedProxyHosts('a.example')).toEqual([]);
    expect(readAllowedProxyHosts({ 0: 'a.example' })).toEqual([]);
    expect(readAllowedProxyHosts([1, 'a.example', null])).toEqual(['a.example']);
  });
});
