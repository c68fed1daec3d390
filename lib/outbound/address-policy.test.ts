// Table-driven tests of the IP classifier. Pure calls only: nothing here opens a socket.
import { describe, expect, it } from 'vitest';
import { type AddressClass, classifyAddress, isRefusedAddress } from './address-policy';

const refusedIPv4: [string, AddressClass][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['0.255.255.255', 'unspecified'],
  ['10.0.0.0', 'private'],
  ['10.1.2.3', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.0', 'cgnat'],
  ['100.100.100.100', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['127.0.0.1', 'loopback'],
  ['127.0.0.0', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'link-local'],
  ['169.254.255.255', 'link-local'],
  ['172.16.0.0', 'private'],
  ['172.20.1.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.0', 'protocol-assignment'],
  ['192.0.0.170', 'protocol-assignment'],
  ['192.0.0.255', 'protocol-assignment'],
  ['192.0.2.0', 'documentation'],
  ['192.0.2.123', 'documentation'],
  ['192.88.99.1', '6to4-relay'],
  ['192.168.0.1', 'private'],
  ['192.168.255.255', 'private'],
  ['198.18.0.0', 'benchmark'],
  ['198.19.255.255', 'benchmark'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.254', 'reserved'],
  ['255.255.255.255', 'broadcast'],
];

const refusedIPv6: [string, AddressClass][] = [
  ['::', 'unspecified'],
  ['0:0:0:0:0:0:0:0', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['0000:0000:0000:0000:0000:0000:0000:0001', 'loopback'],
  // IPv4-mapped ::ffff:0:0/96, judged by the embedded address, in every spelling.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::FFFF:7F00:0001', 'loopback'],
  ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::ffff:0:0', 'unspecified'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:a00:1', 'private'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:a9fe:a9fe', 'link-local'],
  ['::ffff:100.64.0.1', 'cgnat'],
  ['::ffff:192.168.1.1', 'private'],
  ['::ffff:c0a8:101', 'private'],
  ['::ffff:224.0.0.1', 'multicast'],
  ['::ffff:255.255.255.255', 'broadcast'],
  // IPv4-compatible ::/96: deprecated, refused whatever it embeds.
  ['::127.0.0.1', 'ipv4-compatible'],
  ['::8.8.8.8', 'ipv4-compatible'],
  ['::808:808', 'ipv4-compatible'],
  ['::2', 'ipv4-compatible'],
  // NAT64 well-known prefix, judged by the embedded address.
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['64:ff9b::c0a8:1', 'private'],
  // NAT64 local-use prefix: always refused.
  ['64:ff9b:1::808:808', 'nat64-local'],
  ['64:ff9b:1::8.8.8.8', 'nat64-local'],
  ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'nat64-local'],
  // 6to4, judged by the IPv4 address in bits 16..48.
  ['2002:7f00:1::', 'loopback'],
  ['2002:7f00:0001::1', 'loopback'],
  ['2002:a00:1::1', 'private'],
  ['2002:a9fe:a9fe::', 'link-local'],
  ['2002:c0a8:101::', 'private'],
  ['2002::', 'unspecified'],
  // Teredo: always refused.
  ['2001::', 'teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['2001:0:ffff:ffff:ffff:ffff:ffff:ffff', 'teredo'],
  // The rest of the IETF protocol assignment block 2001::/23, incl. benchmarking 2001:2::/48.
  ['2001:2::1', 'benchmark'],
  ['2001:10::1', 'protocol-assignment'],
  ['2001:1ff::1', 'protocol-assignment'],
  ['2001:db8::1', 'documentation'],
  ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
  ['3fff::1', 'documentation'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['FE80::ABCD', 'link-local'],
  ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link-local'],
  ['fec0::1', 'site-local'],
  ['feff::1', 'site-local'],
  ['ff00::', 'multicast'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast'],
  ['100::', 'discard'],
  ['100::ffff:ffff:ffff:ffff', 'discard'],
  // Outside 2000::/3 and not otherwise special: unallocated, so not plainly public.
  ['100:0:0:1::', 'reserved'],
  ['::ffff:0:7f00:1', 'reserved'], // IPv4-translated (SIIT) form
  ['1::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['5f00::1', 'reserved'],
  ['e000::1', 'reserved'],
];

const notAddresses = [
  '',
  'localhost',
  'example.com',
  '127.1',
  '0x7f.0.0.1',
  '0177.0.0.1',
  '2130706433',
  '01.2.3.4',
  '256.1.1.1',
  '1.2.3',
  ' 8.8.8.8',
  '8.8.8.8 ',
  '[::1]',
  '[2606:4700:4700::1111]',
  ':::1',
  '1:2:3:4:5:6:7:8:9',
  'gggg::1',
];

const publicAddresses = [
  '8.8.8.8',
  '1.1.1.1',
  '9.9.9.9',
  '1.0.0.1',
  '11.0.0.1', // just past 10/8
  '100.63.255.255', // just below CGNAT
  '100.128.0.0', // just past CGNAT
  '126.255.255.255',
  '128.0.0.1',
  '169.253.255.255',
  '169.255.0.1',
  '172.15.255.255', // just below 172.16/12
  '172.32.0.0', // just past 172.16/12
  '192.0.1.1',
  '192.0.3.1',
  '192.88.98.1',
  '192.167.255.255',
  '192.169.0.1',
  '198.17.255.255',
  '198.20.0.0',
  '198.51.99.1',
  '203.0.112.1',
  '223.255.255.255', // just below multicast
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '2001:200::1', // first address past 2001::/23
  '2001:db7:ffff::1',
  '2001:db9::1',
  '3ffe::1',
  '2000::1',
  '3fff:1000::1', // just past 3fff::/20
  '::ffff:8.8.8.8', // IPv4-mapped public
  '::ffff:808:808',
  '64:ff9b::808:808', // NAT64 of 8.8.8.8
  '64:ff9b::8.8.8.8',
  '64:ff9b::101:101',
  '2002:808:808::1', // 6to4 of 8.8.8.8
];

describe('classifyAddress', () => {
  it.each(refusedIPv4)('classifies IPv4 %s as %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each(refusedIPv6)('classifies IPv6 %s as %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each(publicAddresses)('classifies %s as public', (ip) => {
    expect(classifyAddress(ip)).toBe('public');
  });

  it.each(notAddresses)('classifies %j as invalid rather than throwing', (text) => {
    expect(classifyAddress(text)).toBe('invalid');
  });
});

describe('isRefusedAddress', () => {
  it.each([...refusedIPv4, ...refusedIPv6].map(([ip]) => ip))('refuses %s', (ip) => {
    expect(isRefusedAddress(ip)).toBe(true);
  });

  it.each(notAddresses)('refuses the non-address %j (fails closed)', (text) => {
    expect(isRefusedAddress(text)).toBe(true);
  });

  it.each(publicAddresses)('accepts public %s', (ip) => {
    expect(isRefusedAddress(ip)).toBe(false);
  });
});
