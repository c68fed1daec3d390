import { describe, expect, it } from 'vitest';
import { isHeaderName, isHopByHopHeader, isSendableHeaderValue, outgoingHeaders, withoutHopByHop } from './outgoing-headers';

describe('outgoing headers', () => {
  it('names are RFC 9110 tokens; values Latin-1 without control characters', () => {
    expect(isHeaderName("X-Api_Key.1!#$%&'*+^`|~")).toBe(true);
    for (const name of ['', 'a b', 'a:b', 'é', 'a\n', '(x)']) expect(isHeaderName(name)).toBe(false);
    expect(isSendableHeaderValue('Bearer abc\tdef ÿ')).toBe(true);
    for (const value of ['a\r\nb', 'a\u0000', 'a\u007f', '✓']) expect(isSendableHeaderValue(value)).toBe(false);
  });

  it('connection headers are recognised in any case', () => {
    for (const name of ['Host', 'CONTENT-LENGTH', 'connection', 'Transfer-Encoding', 'Accept-Encoding']) expect(isHopByHopHeader(name)).toBe(true);
    expect(isHopByHopHeader('Authorization')).toBe(false);
  });

  it('the request keeps the rest lower-cased and drops proxy-*; the response keeps its names', () => {
    expect(outgoingHeaders({ Authorization: 'a', Host: 'h', 'Proxy-X': 'p', 'X-A': 'b' })).toEqual({ authorization: 'a', 'x-a': 'b' });
    expect(withoutHopByHop({ 'Content-Length': '3', 'x-b': ['1', '2'], Connection: 'close' })).toEqual({ 'x-b': ['1', '2'] });
  });
});
