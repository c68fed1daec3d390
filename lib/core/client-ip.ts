// The client address, one rule for both doors. The custom server resolves it once per request
// (resolveClientIp: the socket, and X-Forwarded-For only as far as TRUST_PROXY trusts the hops) and
// overwrites X-Forwarded-For with that one address; handlers (fast door and Next) read it back with clientIp.
//
// Behind proxies, X-Forwarded-For is `client, proxy1, proxy2` and each hop appends the address it saw: only
// the right-hand part written by trusted hops can be believed, the left-most entries are whatever the
// client sent. So the client is the right-most address that is not a trusted hop.
import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY, parsed: `false` (no proxy trusted: the socket address), a number of trusted hops (`true` and
 * `1` mean one: the peer is the proxy), or trusted address ranges (CIDRs or single addresses).
 */
export type TrustProxy = false | { hops: number } | { ranges: readonly string[]; list: BlockList };

const MAX_HOPS = 32;

/** `TRUST_PROXY` → the trust rule; throws an Error whose message says what is wrong. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY must be at most ${MAX_HOPS} hops`);
    return { hops };
  }
  const list = new BlockList();
  const ranges = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const range of ranges) {
    const [base = '', prefixText, ...rest] = range.split('/');
    const family = isIP(base);
    const address = family ? canonicalIp(base) : null;
    // An IPv4-mapped IPv6 range is the IPv4 range it maps.
    const shift = family === 6 && address !== null && isIP(address) === 4 ? 96 : 0;
    const max = address !== null && isIP(address) === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) - shift : NaN;
    if (address === null || rest.length > 0 || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`TRUST_PROXY must be true, false, a hop count, or a comma list of IP addresses / CIDRs (not "${range}")`);
    }
    list.addSubnet(address, prefix, max === 32 ? 'ipv4' : 'ipv6');
  }
  if (ranges.length === 0) throw new Error('TRUST_PROXY must be true, false, a hop count, or a comma list of IP addresses / CIDRs');
  return { ranges, list };
}

/**
 * One address in its canonical form, or null when it is not an IP address: IPv6 compressed and lower case,
 * an IPv4-mapped IPv6 address as the IPv4 address, a zone id dropped. X-Forwarded-For entries may carry a
 * port (`192.0.2.1:4711`, `[2001:db8::1]:4711`), which is dropped too.
 */
export function canonicalIp(raw: string): string | null {
  let value = raw.trim();
  if (value.length === 0 || value.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.replace(/%[\w.-]+$/, '');
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return null;
  const compressed = new URL(`http://[${value}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([\da-f]{1,4}):([\da-f]{1,4})$/.exec(compressed);
  if (!mapped) return compressed;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function isTrusted(trust: Exclude<TrustProxy, false>, address: string, hopsFromServer: number): boolean {
  if ('hops' in trust) return hopsFromServer < trust.hops;
  return trust.list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client address of a request reaching the server from `socketAddress` with these X-Forwarded-For
 * values. Walks from the socket leftwards through X-Forwarded-For while the current address is a trusted
 * hop; the first address that is not trusted is the client. An entry that is not an IP address stops the
 * walk (nothing left of it can be believed): the client is then the trusted hop that handed it over. When
 * every address is trusted, the left-most is the client. Null only without a usable socket address.
 */
export function resolveClientIp(options: { socketAddress: string | undefined; forwardedFor: string | string[] | undefined; trust: TrustProxy }): string | null {
  let client = canonicalIp(options.socketAddress ?? '');
  if (client === null || options.trust === false) return client;
  const header = Array.isArray(options.forwardedFor) ? options.forwardedFor.join(',') : (options.forwardedFor ?? '');
  const entries = header.split(',');
  for (let index = entries.length - 1, hop = 0; index >= 0 && isTrusted(options.trust, client, hop); index--, hop++) {
    const next = canonicalIp(entries[index]!);
    if (next === null) break;
    client = next;
  }
  return client;
}

/**
 * The client address from the X-Forwarded-For the custom server wrote (one resolved address). Without the
 * custom server in front (`next dev`), the right-most entry, never the left-most one a caller chose.
 */
export function clientIpFromHeader(forwarded: string | null | undefined): string | null {
  return forwarded ? canonicalIp(forwarded.split(',').at(-1)!) : null;
}

/** clientIpFromHeader for a Web request (both doors' handlers). */
export function clientIp(request: Request): string | null {
  return clientIpFromHeader(request.headers.get('x-forwarded-for'));
}
