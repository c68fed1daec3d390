import { describe, expect, it } from 'vitest';
import { parseJson } from './json-body';
import { NUL_MESSAGE, nulIssuesInJson, nulIssuesInRequest, nulRefusalForForm } from './reject-nul';

const NUL = '\u0000';
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('nulIssuesInJson', () => {
  it.each([
    ['a top-level string', { email: `a${NUL}` }, ['email']],
    ['nested objects and arrays', { data: { list: ['ok', { deep: NUL }] } }, ['data.list.1.deep']],
    ['a key (shown as ␀, never the character)', { [`k${NUL}`]: 'v' }, ['k␀']],
    ['digit runs of keys cut out as in zod issues', { [`4242424242424242${NUL}`]: 1 }, ['[redacted]␀']],
    ['the body itself', NUL, ['']],
    ['several fields', { a: NUL, b: 'ok', c: [NUL] }, ['a', 'c.0']],
    ['none', { a: 'ok', b: 1, c: null, d: [true], e: '\\u0000' }, []],
  ])('%s', (_name, value, paths) => {
    expect(nulIssuesInJson(value).map((issue) => issue.path)).toEqual(paths);
  });

  it('skips the named top-level fields only', () => {
    expect(nulIssuesInJson({ request_data: { a: NUL }, token: NUL }, { skip: ['request_data'] }).map((issue) => issue.path)).toEqual(['token']);
    expect(nulIssuesInJson({ nested: { request_data: NUL } }, { skip: ['request_data'] }).map((issue) => issue.path)).toEqual(['nested.request_data']);
  });

  it('names at most 10 fields', () => {
    expect(nulIssuesInJson(Array.from({ length: 50 }, () => NUL))).toHaveLength(10);
  });
});

describe('parseJson', () => {
  it('refuses a NUL with 400 validation_error naming the field; keeps invalid JSON a 400 invalid_json', () => {
    expect(() => parseJson(bytes('{"email":"a\\u0000@b.test"}'))).toThrow(expect.objectContaining({ code: 'validation_error', fields: [{ path: 'email', message: NUL_MESSAGE }] }));
    expect(() => parseJson(bytes(`{"email":"a${NUL}"}`))).toThrow(expect.objectContaining({ code: 'invalid_json' }));
    expect(parseJson(bytes('{"a":"\\\\u0000"}'))).toEqual({ a: '\\u0000' });
    expect(parseJson(bytes('{"request_data":{"x":"\\u0000"}}'), { nulAllowedIn: ['request_data'] })).toEqual({ request_data: { x: NUL } });
  });
});

describe('nulIssuesInRequest', () => {
  // Node's HTTP parser and undici refuse a NUL in a header value before a request exists: a fake one here.
  const request = (url: string, headers: [string, string][] = []) => ({ url, headers }) as unknown as Request;

  it.each([
    ['a path parameter', request('http://v/api/tokens/tok_%00'), { token: `tok_${NUL}` }, ['token']],
    ['a %00 outside any parameter', request('http://v/api/%00/x'), {}, ['path']],
    ['a query value', request('http://v/api/tokens?brand=%00'), {}, ['brand']],
    ['a query name', request('http://v/api/tokens?b%00=1'), {}, ['b␀']],
    ['a header value', request('http://v/x', [['x-api-key', `vk_${NUL}`]]), {}, ['x-api-key']],
    ['nothing', request('http://v/api/tokens/tok_1?brand=visa&x=%01', [['accept', '*/*']]), { token: 'tok_1' }, []],
  ])('%s', (_name, input, params, paths) => {
    expect(nulIssuesInRequest(input, params).map((issue) => issue.path)).toEqual(paths);
  });
});

describe('nulRefusalForForm (next-auth sign-in posts a form)', () => {
  const form = (body: string, url = 'http://localhost/api/auth/callback/credentials') =>
    new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

  it('names the form field that holds a NUL, and leaves the body readable', async () => {
    const request = form('email=a%00%40b.test&password=x&csrfToken=t');
    const refused = await nulRefusalForForm(request);
    expect(refused?.fields).toEqual([{ path: 'email', message: 'must not contain the NUL character (U+0000)' }]);
    expect(await request.text()).toBe('email=a%00%40b.test&password=x&csrfToken=t');
  });

  it('passes a form without one, and a NUL in the query is refused too', async () => {
    expect(await nulRefusalForForm(form('email=a%40b.test&password=x'))).toBeNull();
    expect((await nulRefusalForForm(form('email=a%40b.test', 'http://localhost/api/auth/signin?callbackUrl=%00')))?.fields).toEqual([
      { path: 'callbackUrl', message: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it('the next-auth route answers 400 validation_error before next-auth sees the form', async () => {
    const { POST } = await import('../../app/api/auth/[...nextauth]/route');
    const response = await POST(form('email=a%00%40b.test&password=x'), { params: Promise.resolve({ nextauth: ['callback', 'credentials'] }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'validation_error', fields: [{ path: 'email' }] } });
  });
});
