import { describe, expect, it } from 'vitest';
import { createCredentialMasker, credentialParts } from './mask-credentials';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

describe('createCredentialMasker', () => {
  // [case, header values, text the PSP sent back, text after masking]
  const table: [string, string[], string, string][] = [
    ['the whole header value', [`Bearer ${KEY}`], `auth: Bearer ${KEY}.`, 'auth: ***.'],
    ['the bare key inside `Bearer …`', [`Bearer ${KEY}`], `Invalid API Key provided: ${KEY}`, 'Invalid API Key provided: ***'],
    ['a truncated echo (its first 12 characters)', [`Bearer ${KEY}`], 'No such key: sk_live_4eC3…', 'No such key: ***…'],
    ['its last 8 characters', [`Bearer ${KEY}`], 'key ending in tT1zdp7dc', 'key ending in ***'],
    ['exactly 8 characters of it', [`Bearer ${KEY}`], 'x HqLyjWDa y', 'x *** y'],
    ['two separate pieces', [`Bearer ${KEY}`], 'sk_live_4eC3 and rjtT1zdp7dc', '*** and ***'],
    ['a plain key header (X-Api-Key)', ['AQEyhmfxKo3NaxZDw0m'], 'key AQEyhmfxKo3NaxZDw0m rejected', 'key *** rejected'],
    ['a Basic credential: its base64 and its decoded user and password', [`Basic ${Buffer.from('ws_123456@Company.Shop:Passw0rd!2345').toString('base64')}`], 'user ws_123456@Company.Shop, password Passw0rd!2345', 'user ***, password ***'],
    ['a short header value (4–7 characters) only where it appears whole', ['v2-abc'], 'api v2-abc, version v2-abd', 'api ***, version v2-abd'],
    ['7 characters of a part are not masked', [`Bearer ${KEY}`], 'sk_live is a prefix', 'sk_live is a prefix'],
    ['the scheme word alone is not masked', [`Bearer ${KEY}`], 'Bearer token refused', 'Bearer token refused'],
    ['a 3-character value is never masked', ['abc'], 'abc abc', 'abc abc'],
    ['no credentials', [], `text ${KEY}`, `text ${KEY}`],
  ];

  it.each(table)('%s', (_name, credentials, text, masked) => {
    expect(createCredentialMasker(credentials)(text)).toBe(masked);
  });

  it('an overlapping run across two credentials becomes one mask', () => {
    expect(createCredentialMasker(['abcdefghij', 'ghijklmnop'])('xx abcdefghijklmnop yy')).toBe('xx *** yy');
  });
});

describe('credentialParts', () => {
  it('splits at whitespace and decodes Basic credentials', () => {
    expect(credentialParts(`Bearer ${KEY}`)).toEqual(['Bearer', KEY]);
    expect(credentialParts(`basic ${Buffer.from('user:pa:ss').toString('base64')}`)).toEqual(['basic', 'dXNlcjpwYTpzcw==', 'user', 'pa:ss']);
    expect(credentialParts('Basic !!!')).toEqual(['Basic', '!!!']);
  });
});
