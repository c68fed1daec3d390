import { describe, expect, it } from 'vitest';
import { messages, VaultError } from '../core/errors';
import { isAllowListedHost, normaliseAllowList, parseProxyUrl } from './proxy-url';

const noAllowList: ReadonlySet<string> = new Set();

function expectInvalidProxyUrl(raw: unknown, allowList: ReadonlySet<string> = noAllowList): void {
  let thrown: unknown;
  try {
    parseProxyUrl(raw, allowList);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(VaultError);
  expect(thrown).toMatchObject({ code: 'invalid_proxy_url', status: 400, message: messages.invalidProxyUrl });
}

describe('parseProxyUrl', () => {
  it.each([
    ['https://api.stripe.com/v1/charges', 'api.stripe.com'],
    ['https://API.Example.COM:8443/path?q=1', 'api.example.com'],
    ['https://psp.example/', 'psp.example'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['https://127.0.0.1.nip.io/', '127.0.0.1.nip.io'], // a name: judged at connect time by the lookup
    ['https://localhost/', 'localhost'], // likewise: resolves to loopback and is refused when connecting
  ])('accepts %s', (raw, hostname) => {
    const url = parseProxyUrl(raw, noAllowList);
    expect(url).toBeInstanceOf(URL);
    expect(url.hostname).toBe(hostname);
  });

  it.each([undefined, null, 42, {}, ['https://example.com/'], new URL('https://example.com/')])(
    'refuses the non-string %j',
    (raw) => expectInvalidProxyUrl(raw),
  );

  it.each(['', 'not a url', 'example.com/path', '//example.com/', 'https://', 'https://:443/', 'https://a b/'])(
    'refuses the unparseable %j',
    (raw) => expectInvalidProxyUrl(raw),
  );

  it.each([
    'http://example.com/',
    'HTTP://example.com/',
    'ftp://example.com/',
    'ws://example.com/',
    'wss://example.com/',
    'file:///etc/passwd',
    'data:text/plain,hi',
    'javascript:alert(1)',
    'gopher://example.com/',
  ])('refuses the non-https %s', (raw) => expectInvalidProxyUrl(raw));

  it.each([
    'https://user:pw@example.com/',
    'https://user@example.com/',
    'https://:pw@example.com/',
    'https://user:@example.com/',
  ])('refuses credentials in %s', (raw) => expectInvalidProxyUrl(raw));

  it.each([
    'https://127.0.0.1/',
    'https://127.1/',
    'https://0x7f.1/',
    'https://0x7f000001/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://%31%32%37.0.0.1/',
    'https://127.0.0.1./',
    'https://0/',
    'https://0.0.0.0/',
    'https://10.0.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://8.8.8.8/', // public literals too: PSPs are reached by name
    'https://[::1]/',
    'https://[::]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[0:0:0:0:0:ffff:7f00:1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[fe80::1]/',
    'https://[2606:4700:4700::1111]/',
  ])('refuses the IP literal host of %s', (raw) => expectInvalidProxyUrl(raw));

  it('accepts an allow-listed IPv4 literal in any spelling WHATWG normalises to it', () => {
    const allowList = normaliseAllowList(['127.1']);
    for (const raw of ['https://127.0.0.1:8443/pay', 'https://0x7f.1/', 'https://2130706433/', 'https://0177.0.0.1/']) {
      expect(parseProxyUrl(raw, allowList).hostname).toBe('127.0.0.1');
    }
  });

  it('accepts an allow-listed IPv6 literal whether the entry has brackets or not', () => {
    for (const entry of ['::1', '[::1]', '0:0:0:0:0:0:0:1']) {
      expect(parseProxyUrl('https://[::1]/', normaliseAllowList([entry])).hostname).toBe('[::1]');
    }
    const mapped = normaliseAllowList(['::ffff:127.0.0.1']);
    expect(parseProxyUrl('https://[::ffff:7f00:1]/', mapped).hostname).toBe('[::ffff:7f00:1]');
  });

  it('allows only the exact allow-listed literal', () => {
    const allowList = normaliseAllowList(['127.0.0.1', '::1']);
    expectInvalidProxyUrl('https://127.0.0.2/', allowList);
    expectInvalidProxyUrl('https://[::ffff:7f00:1]/', allowList); // same host as 127.0.0.1, different literal
    expectInvalidProxyUrl('https://[::2]/', allowList);
  });

  it('still refuses credentials and http for allow-listed hosts', () => {
    const allowList = normaliseAllowList(['127.0.0.1']);
    expectInvalidProxyUrl('http://127.0.0.1/', allowList);
    expectInvalidProxyUrl('https://u:p@127.0.0.1/', allowList);
  });
});

describe('normaliseAllowList', () => {
  it.each([
    ['127.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['10.0.0.5', '10.0.0.5'],
    ['::1', '[::1]'],
    ['[::1]', '[::1]'],
    ['[0:0:0:0:0:0:0:1]', '[::1]'],
    ['::FFFF:127.0.0.1', '[::ffff:7f00:1]'],
    ['FD00::ABCD', '[fd00::abcd]'],
    ['PSP.Internal', 'psp.internal'],
    ['psp.internal.', 'psp.internal'],
    ['  psp.internal  ', 'psp.internal'],
    ['psp.internal:443', 'psp.internal'],
    ['Bücher.example', 'xn--bcher-kva.example'],
  ])('normalises %j to %j', (entry, expected) => {
    expect([...normaliseAllowList([entry])]).toEqual([expected]);
  });

  it('skips blank entries and deduplicates', () => {
    expect([...normaliseAllowList(['', '  ', 'a.example', 'A.EXAMPLE', '127.1', '127.0.0.1'])]).toEqual([
      'a.example',
      '127.0.0.1',
    ]);
  });

  it.each(['psp.internal:8443', 'https://psp.internal', 'psp.internal/path', 'user@psp.internal', 'fe80::1%eth0', 'a b', '.'])(
    'throws on the malformed entry %j',
    (entry) => {
      expect(() => normaliseAllowList([entry])).toThrow(/allow-list/);
    },
  );
});

describe('isAllowListedHost', () => {
  const allowList = normaliseAllowList(['psp.internal', '127.0.0.1', '::1']);

  it.each(['psp.internal', 'PSP.INTERNAL', 'psp.internal.', '127.0.0.1', '::1', '[::1]'])('matches %s', (host) => {
    expect(isAllowListedHost(host, allowList)).toBe(true);
  });

  it.each(['other.internal', 'internal', 'xpsp.internal', 'psp.internal.evil.example', '127.0.0.2', '::2', ''])(
    'does not match %j',
    (host) => {
      expect(isAllowListedHost(host, allowList)).toBe(false);
    },
  );
});
