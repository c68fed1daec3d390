// Classifies IP addresses for the PSP proxy: only plainly public unicast addresses may be connected to.
// Pure functions, no I/O. IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by
// the embedded address, so `::ffff:7f00:1` is loopback exactly like 127.0.0.1.
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  /** Not an IP address at all (a host name, a bracketed or malformed literal). Refused: fail closed. */
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmark'
  /** IETF protocol assignments: 192.0.0.0/24, 2001::/23 (outside Teredo and benchmarking). */
  | 'protocol-assignment'
  /** 192.88.99.0/24, the deprecated 6to4 relay anycast. */
  | '6to4-relay'
  | 'unique-local'
  | 'site-local'
  /** 100::/64, the IPv6 discard prefix. */
  | 'discard'
  /** ::/96, deprecated IPv4-compatible IPv6 addresses. */
  | 'ipv4-compatible'
  /** 2001::/32: the embedded server address says nothing about where the tunnel ends. */
  | 'teredo'
  /** 64:ff9b:1::/48, NAT64 prefix for local use. */
  | 'nat64-local';

type Prefix = { bytes: Uint8Array; bits: number };
type Range = { prefix: Prefix; addressClass: AddressClass };

function prefix(cidr: string): Prefix {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = toBytes(address);
  if (!bytes) throw new Error(`bad prefix ${cidr}`);
  return { bytes, bits: Number(bits) };
}

function range(cidr: string, addressClass: AddressClass): Range {
  return { prefix: prefix(cidr), addressClass };
}

// First match wins, so a narrower range comes before the wider range containing it.
const ipv4Ranges: readonly Range[] = [
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'cgnat'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'), // includes the 169.254.169.254 cloud metadata service
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'protocol-assignment'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', '6to4-relay'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'benchmark'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('255.255.255.255/32', 'broadcast'),
  range('240.0.0.0/4', 'reserved'),
];

const ipv6Ranges: readonly Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::/96', 'ipv4-compatible'),
  range('64:ff9b:1::/48', 'nat64-local'),
  range('100::/64', 'discard'),
  range('2001::/32', 'teredo'),
  range('2001:2::/48', 'benchmark'),
  range('2001::/23', 'protocol-assignment'),
  range('2001:db8::/32', 'documentation'),
  range('3fff::/20', 'documentation'),
  range('fc00::/7', 'unique-local'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local'),
  range('ff00::/8', 'multicast'),
];

/** IPv6 prefixes that carry an IPv4 address, and the byte offset where it sits. */
const ipv4Embeddings: readonly { prefix: Prefix; offset: number }[] = [
  { prefix: prefix('::ffff:0:0/96'), offset: 12 }, // IPv4-mapped
  { prefix: prefix('64:ff9b::/96'), offset: 12 }, // NAT64 well-known prefix
  { prefix: prefix('2002::/16'), offset: 2 }, // 6to4
];

// Everything outside 2000::/3 is unallocated or special, so it is not plainly public.
const globalUnicast = prefix('2000::/3');

export function classifyAddress(ip: string): AddressClass {
  const bytes = toBytes(ip);
  if (!bytes) return 'invalid';
  return bytes.length === 4 ? classifyIPv4(bytes) : classifyIPv6(bytes);
}

/** True for everything that is not plainly public unicast, including strings that are not IPs. */
export function isRefusedAddress(ip: string): boolean {
  return classifyAddress(ip) !== 'public';
}

function classifyIPv4(bytes: Uint8Array): AddressClass {
  return findRange(ipv4Ranges, bytes)?.addressClass ?? 'public';
}

function classifyIPv6(bytes: Uint8Array): AddressClass {
  for (const { prefix: embedding, offset } of ipv4Embeddings) {
    if (matches(embedding, bytes)) return classifyIPv4(bytes.subarray(offset, offset + 4));
  }
  const special = findRange(ipv6Ranges, bytes);
  if (special) return special.addressClass;
  return matches(globalUnicast, bytes) ? 'public' : 'reserved';
}

function findRange(ranges: readonly Range[], bytes: Uint8Array): Range | undefined {
  return ranges.find((candidate) => matches(candidate.prefix, bytes));
}

function matches({ bytes: prefix, bits }: Prefix, bytes: Uint8Array): boolean {
  if (prefix.length !== bytes.length) return false;
  const wholeBytes = bits >> 3;
  for (let i = 0; i < wholeBytes; i++) {
    if (bytes[i] !== prefix[i]) return false;
  }
  const remainingBits = bits & 7;
  if (remainingBits === 0) return true;
  const mask = (0xff << (8 - remainingBits)) & 0xff;
  return ((bytes[wholeBytes] ?? 0) & mask) === ((prefix[wholeBytes] ?? 0) & mask);
}

/** 4 bytes for IPv4, 16 for IPv6 (zone id ignored), null when `ip` is not an IP address. */
function toBytes(ip: string): Uint8Array | null {
  switch (isIP(ip)) {
    case 4:
      return parseIPv4(ip);
    case 6:
      return parseIPv6(ip.split('%')[0] ?? '');
    default:
      return null;
  }
}

// isIP accepts only strict dotted decimal (no octal, hex or short forms), so a plain split is exact.
function parseIPv4(ip: string): Uint8Array {
  return Uint8Array.from(ip.split('.'), Number);
}

// Input already validated by isIP: hex groups, at most one '::', optionally a dotted IPv4 tail.
function parseIPv6(ip: string): Uint8Array {
  const [head = '', tail] = ip.split('::');
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  const zeros = new Array<number>(8 - headGroups.length - tailGroups.length).fill(0);
  const groups = [...headGroups, ...zeros, ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

function toGroups(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [parseInt(group, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = parseIPv4(group);
    return [(a << 8) | b, (c << 8) | d];
  });
}
