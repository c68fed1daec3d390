// The client address behind proxies: TRUST_PROXY's forms, and the right-most X-Forwarded-For address that
// is not a trusted hop, validated as an IP. Forged left-most entries never win.
import { describe, expect, it } from 'vitest';
import { canonicalIp, clientIp, parseTrustProxy, resolveClientIp } from './client-ip';

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['TRUE', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it('takes a comma list of CIDRs and single addresses, IPv4 and IPv6', () => {
    const trust = parseTrustProxy(' 10.0.0.0/8, 192.0.2.7 ,2001:DB8::/32, ::ffff:172.16.0.0/108');
    expect(trust && 'ranges' in trust ? trust.ranges : null).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::ffff:172.16.0.0/108']);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0/8', '2001:db8::/129', '10.0.0.0/8/1', 'proxy.internal', ',', '33', '-1', '1.5', '10.0.0.0/-1', '[::1]', '10.0.0.1:80'])(
    'refuses %j',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY must be/);
    },
  );
});

describe('canonicalIp', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1 ', '192.0.2.1'],
    ['192.0.2.1:4711', '192.0.2.1'],
    ['2001:DB8:0:0::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:4711', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:0201', '192.0.2.1'],
    ['::1', '::1'],
    ['', null],
    ['unknown', null],
    ['999.0.0.1', null],
    ['192.0.2', null],
    ['01.2.3.4', null],
    ['2001:db8::1:4711', '2001:db8::1:4711'],
    ['2001:db8:::1', null],
    ['<script>', null],
    ['1.2.3.4, 5.6.7.8', null],
    ['a'.repeat(100), null],
  ])('%j → %j', (value, expected) => {
    expect(canonicalIp(value)).toBe(expected);
  });
});

describe('resolveClientIp', () => {
  const none = parseTrustProxy('false');
  const oneHop = parseTrustProxy('true');
  const twoHops = parseTrustProxy('2');
  const ranges = parseTrustProxy('10.0.0.0/8, 2001:db8:ffff::/48');

  it.each([
    // [case, trust, socket, X-Forwarded-For, client]
    ['no proxy trusted: the socket, whatever the header says', none, '203.0.113.5', '198.51.100.1', '203.0.113.5'],
    ['no proxy trusted, no header', none, '203.0.113.5', undefined, '203.0.113.5'],
    ['no proxy trusted, IPv4-mapped socket', none, '::ffff:203.0.113.5', undefined, '203.0.113.5'],
    ['one hop: the entry the proxy appended', oneHop, '10.0.0.2', '198.51.100.1', '198.51.100.1'],
    ['one hop: a forged left-most entry loses', oneHop, '10.0.0.2', '1.2.3.4, 198.51.100.1', '198.51.100.1'],
    ['one hop: many forged entries lose', oneHop, '10.0.0.2', '127.0.0.1, ::1, 8.8.8.8,198.51.100.1', '198.51.100.1'],
    ['one hop: two headers count as one list', oneHop, '10.0.0.2', ['1.2.3.4', '198.51.100.1'], '198.51.100.1'],
    ['one hop: no header → the peer itself', oneHop, '10.0.0.2', undefined, '10.0.0.2'],
    ['one hop: empty header → the peer itself', oneHop, '10.0.0.2', '', '10.0.0.2'],
    ['one hop: garbage where the client should be → the peer', oneHop, '10.0.0.2', '198.51.100.1, not-an-ip', '10.0.0.2'],
    ['one hop: an empty last entry → the peer', oneHop, '10.0.0.2', '198.51.100.1,', '10.0.0.2'],
    ['one hop: IPv6 client', oneHop, '10.0.0.2', '2001:DB8::7', '2001:db8::7'],
    ['one hop: bracketed IPv6 with port', oneHop, '10.0.0.2', '[2001:db8::7]:51234', '2001:db8::7'],
    ['one hop: IPv4 with port', oneHop, '10.0.0.2', '198.51.100.1:51234', '198.51.100.1'],
    ['one hop: IPv4-mapped client', oneHop, '::ffff:10.0.0.2', '::ffff:198.51.100.1', '198.51.100.1'],
    ['two hops: the third address from the right', twoHops, '10.0.0.3', '6.6.6.6, 198.51.100.1, 10.0.0.2', '198.51.100.1'],
    ['two hops, one entry: the left-most', twoHops, '10.0.0.3', '198.51.100.1', '198.51.100.1'],
    ['two hops: garbage from the first proxy stops at it', twoHops, '10.0.0.3', '198.51.100.1, bogus', '10.0.0.3'],
    ['ranges: the peer not trusted → the socket', ranges, '203.0.113.5', '198.51.100.1', '203.0.113.5'],
    ['ranges: trusted peer → right-most untrusted', ranges, '10.0.0.2', '6.6.6.6, 198.51.100.1, 10.1.2.3', '198.51.100.1'],
    ['ranges: forged trusted-looking entries left of the client do not matter', ranges, '10.0.0.2', '10.9.9.9, 198.51.100.1', '198.51.100.1'],
    ['ranges: IPv6 proxies', ranges, '2001:db8:ffff::1', '2001:db8:1::5, 2001:db8:ffff::2', '2001:db8:1::5'],
    ['ranges: IPv4-mapped peer matches an IPv4 range', ranges, '::ffff:10.0.0.2', '198.51.100.1', '198.51.100.1'],
    ['ranges: all trusted → the left-most', ranges, '10.0.0.2', '10.0.0.9, 10.0.0.8', '10.0.0.9'],
    ['ranges: garbage behind trusted hops → the last trusted hop', ranges, '10.0.0.2', 'x, 10.0.0.8', '10.0.0.8'],
    ['ranges: header injection attempt', ranges, '10.0.0.2', '198.51.100.1\r\nx-api-key: k', '10.0.0.2'],
  ] as const)('%s', (_case, trust, socket, header, expected) => {
    expect(resolveClientIp({ socketAddress: socket, forwardedFor: header as string | string[] | undefined, trust })).toBe(expected);
  });

  it('is null only without a usable socket address', () => {
    expect(resolveClientIp({ socketAddress: undefined, forwardedFor: '198.51.100.1', trust: oneHop })).toBeNull();
    expect(resolveClientIp({ socketAddress: 'garbage', forwardedFor: '198.51.100.1', trust: oneHop })).toBeNull();
  });
});

describe('clientIp', () => {
  const request = (header?: string) => new Request('http://vault.test/', header === undefined ? {} : { headers: { 'x-forwarded-for': header } });
  it.each([
    [undefined, null],
    ['', null],
    ['198.51.100.1', '198.51.100.1'],
    // Without the custom server in front (next dev): never the left-most, attacker-chosen entry.
    ['1.2.3.4, 198.51.100.1', '198.51.100.1'],
    ['198.51.100.1, garbage', null],
  ])('%j → %j', (header, expected) => {
    expect(clientIp(request(header))).toBe(expected);
  });
});
