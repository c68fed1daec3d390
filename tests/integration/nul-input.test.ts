// U+0000 in any request string (issue 10): PostgreSQL refuses it in text (22021), so it used to reach a
// query and answer 500 (`POST /auth/login {"email":"a\u0000@b.test"}`). Now a 400 `validation_error` naming
// the field, wherever it comes: JSON strings and keys (hand-parsed bodies too), query, path; the proxy's
// forwarded request_data and raw bodies excepted. Happy, error and attack tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';

let vault: TestVault;
let psp: TestPsp;
let jwt: string;
const NUL = '\u0000';

beforeAll(async () => {
  psp = await startTestPsp();
  vault = await startTestVault({ pspCa: psp.ca });
  const users = await seedUsers(vault, 'nul');
  jwt = await loginAs(vault, users.owner.email);
});
afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

function expectNulRefused(response: ApiResponse, path: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.json).toEqual({
    success: false,
    error: { code: 'validation_error', message: `Invalid request: ${path ? `${path}: ` : ''}${NUL_MESSAGE}`, fields: [{ path, message: NUL_MESSAGE }] },
    request_id: response.headers.get('x-request-id'),
  });
  expect(response.text).not.toContain(NUL);
  expect(response.text).not.toContain('\\u0000@');
}

const asOwner = (method: string, path: string, json?: unknown) =>
  vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${jwt}` } });

describe('U+0000 — the reported 500s', () => {
  it.each([
    ['/auth/login', { email: `a${NUL}@b.test`, password: 'correct horse battery 42' }],
    ['/auth/forgot-password', { email: `a${NUL}@b.test` }],
  ])('POST %s with a NUL in the email → 400 naming email (was 500)', async (path, json) => {
    expectNulRefused(await vault.call('POST', path, { key: null, json }), 'email');
  });
});

describe('U+0000 — JSON bodies', () => {
  const table: [string, string, string, () => Promise<ApiResponse>][] = [
    ['tokenize: a card field', 'POST /tokenize', 'data.firstName', () => vault.call('POST', '/tokenize', { json: cardRequest({ firstName: `Ja${NUL}ne` }) })],
    ['tokenize: the card number', 'POST /tokenize', 'data.cardNumber', () => vault.call('POST', '/tokenize', { json: cardRequest({ cardNumber: `4242424242424242${NUL}` }) })],
    ['tokenize: a key (its NUL shown as ␀)', 'POST /tokenize', 'data.x␀', () => vault.call('POST', '/tokenize', { json: { type: 'card', data: { [`x${NUL}`]: 1 } } })],
    ['tokenize: in an array', 'POST /tokenize', 'data.list.1', () => vault.call('POST', '/tokenize', { json: { type: 'card', data: { list: ['a', `b${NUL}`] } } })],
    ['detokenize: the token', 'POST /detokenize', 'token', () => vault.call('POST', '/detokenize', { json: { token: `tok_${NUL}` } })],
    ['test-tokens: a name', 'POST /test-tokens', 'lastName', () => vault.call('POST', '/test-tokens', { json: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123', lastName: NUL } })],
    ['proxy: the envelope\'s token', 'POST /proxy/transaction', 'token', () => vault.call('POST', '/proxy/transaction', { json: { token: `tok_${NUL}`, proxy_url: psp.url('/x'), request_data: {} } })],
    ['proxy: an outgoing header', 'POST /proxy/transaction', 'http_headers.x-note', () => vault.call('POST', '/proxy/transaction', { json: { token: 'tok_x', proxy_url: psp.url('/x'), http_headers: { 'x-note': `a${NUL}` }, request_data: {} } })],
    ['a session route: a project name', 'POST /api/projects', 'name', () => asOwner('POST', '/api/projects', { name: `P${NUL}`, environment: 'test' })],
    ['a hand-parsed body: merchant create', 'POST /api/merchants', 'name', () => asOwner('POST', '/api/merchants', { name: `M${NUL}`, processor: { type: 'sandbox' } })],
    ['the body itself a string', 'POST /auth/login', '', () => vault.call('POST', '/auth/login', { key: null, json: NUL })],
  ];

  it.each(table)('%s (%s) → 400 naming %s', async (_name, _route, path, send) => {
    expectNulRefused(await send(), path);
  });

  it('nothing is stored for a refused body', async () => {
    const where = { projectId: vault.tenants.test.projectId };
    const before = await vault.runtime.db.prisma.token.count({ where });
    await vault.call('POST', '/tokenize', { json: cardRequest({ lastName: NUL }) });
    expect(await vault.runtime.db.prisma.token.count({ where })).toBe(before);
  });
});

describe('U+0000 — query and path', () => {
  const table: [string, string, () => Promise<ApiResponse>][] = [
    ['GET /api/tokens?brand=%00', 'brand', () => asOwner('GET', '/api/tokens?brand=%00')],
    ['GET /api/tokens?unknown%00=1 (the name, its NUL shown as ␀)', 'unknown␀', () => asOwner('GET', '/api/tokens?unknown%00=1')],
    ['GET /auth/verify-reset-token?token=a%00', 'token', () => vault.call('GET', '/auth/verify-reset-token?token=a%00', { key: null })],
    ['POST /test-tokens?project_id=%00 (session)', 'project_id', () => asOwner('POST', '/test-tokens?project_id=%00', { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' })],
    ['GET /api/tokens/tok_%00', 'token', () => asOwner('GET', '/api/tokens/tok_%00')],
    ['DELETE /api/tokens/tok_%00 with an API key', 'token', () => vault.call('DELETE', '/api/tokens/tok_%00')],
    ['GET /api/projects/%00', 'id', () => asOwner('GET', '/api/projects/%00')],
    ['PUT /api/projects/%00 (audited management route)', 'id', () => asOwner('PUT', '/api/projects/%00', { name: 'x' })],
    ['DELETE /proxy/delete-cvc-session/%00', 'session_id', () => vault.call('DELETE', '/proxy/delete-cvc-session/%00')],
    ['POST /checkout/cs_%00/pay', 'sessionId', () => vault.call('POST', '/checkout/cs_%00/pay', { key: null, json: {} })],
  ];

  it.each(table)('%s → 400 naming %s', async (_name, path, send) => {
    expectNulRefused(await send(), path);
  });
});

describe('U+0000 — happy: what is allowed', () => {
  it('the six characters `\\u0000` (an escaped backslash) are not a NUL', async () => {
    const response = await vault.call('POST', '/tokenize', { json: cardRequest({ firstName: '\\u0000' }) });
    expect(response.status, response.text).toBe(201);
  });

  it('the proxy forwards a NUL inside request_data (never stored)', async () => {
    const token = (await vault.call('POST', '/tokenize', { json: cardRequest() })).json.token;
    const response = await vault.call('POST', '/proxy/transaction', { json: { token, proxy_url: psp.url('/nul'), request_data: { note: `a${NUL}b`, pan: '${cardNumber}' } } });
    expect(response.status, response.text).toBe(200);
    expect(psp.received.at(-1)!.body.toString('utf8')).toBe('{"note":"a\\u0000b","pan":"4242424242424242"}');
  });

  it('the proxy forwards a raw form body holding %00', async () => {
    const token = (await vault.call('POST', '/tokenize', { json: cardRequest() })).json.token;
    const response = await vault.call('POST', '/proxy/transaction', {
      body: 'note=a%00b&pan=${cardNumber}',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token, 'x-proxy-url': psp.url('/form') },
    });
    expect(response.status, response.text).toBe(200);
    expect(psp.received.at(-1)!.body.toString('utf8')).toBe('note=a%00b&pan=4242424242424242');
  });
});
