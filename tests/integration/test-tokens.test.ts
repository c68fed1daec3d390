// POST /test-tokens: happy, error and security tables; the CVC session lifetime; which cards a
// production project accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRuntime } from '../../lib/runtime/shared';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { startTestVault, type TestVault } from '../helpers/test-vault';

const body = (fields: Record<string, unknown> = {}) => ({
  cardNumber: '4242424242424242',
  expirationMonth: '12',
  expirationYear: '2030',
  cvc: '123',
  ...fields,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let vault: TestVault;
let psp: TestPsp;
beforeAll(async () => {
  psp = await startTestPsp();
  vault = await startTestVault({ pspCa: psp.ca });
});
afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

describe('POST /test-tokens — happy', () => {
  it('201 with the test token object: token, cvc_session_id, mask, bin, test_mode, expires_in 1 year', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: body() });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      token: expect.stringMatching(/^tok_[0-9A-Za-z]{24}$/),
      cvc_session_id: expect.stringMatching(UUID),
      type: 'card',
      mask: '424242******4242',
      bin: '424242',
      last4: '4242',
      brand: 'visa',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      test_mode: true,
      expires_in: '1 year',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('stores the token in the caller\'s project, marked test, and audits it', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: body({ firstName: 'Jane', lastName: 'Doe' }) });
    expect(response.status).toBe(201);
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token } });
    expect(row).toMatchObject({
      projectId: vault.tenants.test.projectId,
      applicationId: vault.tenants.test.applicationId,
      type: 'card',
      mask: '424242******4242',
      bin: '424242',
      last4: '4242',
      testMode: true,
    });
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { tokenId: row.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'test_token.create', outcome: 'success', statusCode: 201, projectId: vault.tenants.test.projectId });
  });

  it('keeps the names it was given (detokenize shows them), never the cvc', async () => {
    const created = await vault.call('POST', '/test-tokens', { json: body({ cvc: '4821', firstName: 'Jane', lastName: 'Doe' }) });
    const revealed = await vault.call('POST', '/detokenize', { json: { token: created.json.token } });
    expect(revealed.status).toBe(200);
    expect(revealed.json).toEqual({
      success: true,
      data: { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', firstName: 'Jane', lastName: 'Doe' },
    });
  });

  it('accepts a 2-digit year, a 4-digit cvc and a spaced card number', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: body({ cardNumber: '5555 5555 5555 4444', expirationYear: '31', cvc: '1234' }) });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ mask: '555555******4444', bin: '555555', last4: '4444', brand: 'mastercard', test_mode: true, expires_in: '1 year' });
  });

  it.each([
    ['Adyen', '4988 4388 4388 4305', '498843******4305'],
    ['Braintree', '4005519200000004', '400551******0004'],
    ['Checkout.com', '5436031030606378', '543603******6378'],
    ['Worldpay', '6759649826438453', '675964******8453'],
    ['the card networks (Authorize.net)', '3088000000000017', '308800******0017'],
  ])('a test project accepts a published test card of %s (%s)', async (_source, cardNumber, mask) => {
    const response = await vault.call('POST', '/test-tokens', { json: body({ cardNumber }) });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ mask, test_mode: true });
  });

  it('the CVC session is reusable: two proxy calls both get the cvc, then it can be deleted', async () => {
    const created = await vault.call('POST', '/test-tokens', { json: body({ cvc: '4821' }) });
    const proxy = () =>
      vault.call('POST', '/proxy/transaction', {
        json: { token: created.json.token, cvc_session_id: created.json.cvc_session_id, proxy_url: psp.url('/charge'), request_data: { cvc: '${cvc}' } },
      });
    const first = await proxy();
    const second = await proxy();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(psp.received.slice(-2).map((request) => request.body.toString('utf8'))).toEqual(['{"cvc":"4821"}', '{"cvc":"4821"}']);
    const deleted = await vault.call('DELETE', `/proxy/delete-cvc-session/${created.json.cvc_session_id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true, message: 'CVC session deleted successfully' });
    const again = await vault.call('DELETE', `/proxy/delete-cvc-session/${created.json.cvc_session_id}`);
    expect(again.status).toBe(404);
    expect(again.json.error).toEqual({ code: 'cvc_session_not_found', message: 'CVC session expired or not found' });
  });
});

describe('POST /test-tokens — CVC session lifetime', () => {
  let shortLived: TestVault;
  beforeAll(async () => {
    shortLived = await startTestVault({ env: { TEST_CVC_SESSION_TTL_SECONDS: '7200' } });
  });
  afterAll(async () => {
    await shortLived?.close();
    // One runtime per process: hand the shared slot back to the file's main vault.
    setRuntime(vault.runtime);
  });

  it('TEST_CVC_SESSION_TTL_SECONDS=7200 → expires_in "2 hours"', async () => {
    const response = await shortLived.call('POST', '/test-tokens', { json: body() });
    expect(response.status).toBe(201);
    expect(response.json.expires_in).toBe('2 hours');
  });

  it('the session really lives that long in the store (Redis TTL, or the in-process expiry)', async () => {
    const response = await shortLived.call('POST', '/test-tokens', { json: body() });
    const key = `cvc:${shortLived.tenants.test.projectId}:${response.json.cvc_session_id}`;
    const store = shortLived.runtime.store as unknown as {
      redis?: { ttl(key: string): Promise<number> };
      entries?: Map<string, { expiresAt: number }>;
    };
    const ttlSeconds =
      shortLived.runtime.store.kind === 'redis'
        ? await store.redis!.ttl(key)
        : Math.round((store.entries!.get(key)!.expiresAt - Date.now()) / 1000);
    expect(ttlSeconds).toBeGreaterThan(7100);
    expect(ttlSeconds).toBeLessThanOrEqual(7200);
  });
});

describe('POST /test-tokens — errors', () => {
  const { cvc: _cvc, ...withoutCvc } = body();
  const table: [string, unknown, string[]][] = [
    ['missing cvc', withoutCvc, ['cvc']],
    ['missing card number', { expirationMonth: '12', expirationYear: '2030', cvc: '123' }, ['cardNumber']],
    ['month 00', body({ expirationMonth: '00' }), ['expirationMonth']],
    ['month 13', body({ expirationMonth: '13' }), ['expirationMonth']],
    ['month 1 (one digit)', body({ expirationMonth: '1' }), ['expirationMonth']],
    ['year 123', body({ expirationYear: '123' }), ['expirationYear']],
    ['cvc 12', body({ cvc: '12' }), ['cvc']],
    ['cvc 12345', body({ cvc: '12345' }), ['cvc']],
    ['Luhn failure', body({ cardNumber: '4242424242424241' }), ['cardNumber']],
    ['letters in the card number', body({ cardNumber: '4242abcd42424242' }), ['cardNumber']],
    ['cvc as a number', body({ cvc: 123 }), ['cvc']],
    ['unknown field', body({ cvv: '123' }), ['cvv']],
    ['several at once', body({ expirationMonth: '13', cvc: '1' }), ['expirationMonth', 'cvc']],
  ];

  it.each(table)('%s → 400 validation_error %j', async (_name, json, paths) => {
    const response = await vault.call('POST', '/test-tokens', { json });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'validation_error', message: expect.stringMatching(/^Invalid request: /), fields: expect.any(Array) },
      request_id: response.headers.get('x-request-id'),
    });
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
  });

  it('a body that is not an object → 400 validation_error', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: ['4242424242424242'] });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.text).not.toContain('4242424242424242');
  });

  it('malformed JSON → 400 invalid_json; form body → 415', async () => {
    const malformed = await vault.call('POST', '/test-tokens', { body: '{"cardNumber":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toEqual({ code: 'invalid_json', message: 'Request body is not valid JSON' });
    const form = await vault.call('POST', '/test-tokens', { body: 'cardNumber=4242424242424242', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(form.json.error.code).toBe('unsupported_media_type');
  });

  it('never echoes the card number or cvc in a validation error', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: body({ cardNumber: '4000056655665557', cvc: '98765' }) });
    expect(response.status).toBe(400);
    expect(response.text).not.toContain('4000056655665557');
    expect(response.text).not.toContain('98765');
  });

  it('nothing is stored when validation fails', async () => {
    const where = { projectId: vault.tenants.test.projectId };
    const before = await vault.runtime.db.prisma.token.count({ where });
    await vault.call('POST', '/test-tokens', { json: body({ cvc: '1' }) });
    expect(await vault.runtime.db.prisma.token.count({ where })).toBe(before);
  });
});

describe('POST /test-tokens — only published test cards, in every project', () => {
  // Luhn-valid numbers that are not on the published list: a real card's CVV must never live a year in the store.
  const unpublished: [string, string][] = [
    ['a Luhn-valid Visa', '4539578763621486'],
    ['the next Luhn-valid number after 4242424242424242', '4242424242424259'],
    ['a Luhn-valid Mastercard', '5425233430109903'],
    ['a Luhn-valid Amex', '374245455400126'],
    ['a published number with one more digit', '42424242424242426'],
  ];

  it.each(unpublished)('test project, %s → 400 on cardNumber, nothing stored, the number not echoed', async (_name, cardNumber) => {
    const where = { projectId: vault.tenants.test.projectId };
    const before = await vault.runtime.db.prisma.token.count({ where });
    const response = await vault.call('POST', '/test-tokens', { json: body({ cardNumber }) });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'validation_error', message: expect.any(String), fields: [{ path: 'cardNumber', message: expect.stringContaining('published PSP test card') }] },
      request_id: response.headers.get('x-request-id'),
    });
    expect(response.text).not.toContain(cardNumber);
    expect(await vault.runtime.db.prisma.token.count({ where })).toBe(before);
  });

  it('attack: the refused number opens no CVC session (the cvc is not kept)', async () => {
    const sessionsBefore = await storedCvcSessionCount(vault);
    const response = await vault.call('POST', '/test-tokens', { json: body({ cardNumber: '4539578763621486', cvc: '9731' }) });
    expect(response.status).toBe(400);
    expect(await storedCvcSessionCount(vault)).toBe(sessionsBefore);
  });
});

/** CVC sessions in the store right now (Redis keys under this vault's prefix, or the in-process entries). */
async function storedCvcSessionCount(target: TestVault): Promise<number> {
  const store = target.runtime.store as unknown as { redis?: { keys(pattern: string): Promise<string[]> }; entries?: Map<string, unknown> };
  if (target.runtime.store.kind === 'redis') return (await store.redis!.keys(`${target.runtime.config.REDIS_KEY_PREFIX}cvc:*`)).length;
  return [...store.entries!.keys()].filter((key) => key.startsWith('cvc:')).length;
}

describe('POST /test-tokens — production projects', () => {
  const production = () => vault.tenants.production;

  it('accepts 4242424242424242 with key + pub key; the token is a test token', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: body(), key: production().keys.full, pubKey: production().pubKey });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ success: true, mask: '424242******4242', bin: '424242', test_mode: true, expires_in: '1 year' });
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token } });
    expect(row).toMatchObject({ projectId: production().projectId, testMode: true });
  });

  it('accepts another published test card (4000056655665556)', async () => {
    const response = await vault.call('POST', '/test-tokens', {
      json: body({ cardNumber: '4000 0566 5566 5556' }),
      key: production().keys.full,
      pubKey: production().pubKey,
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ mask: '400005******5556', bin: '400005', test_mode: true });
  });

  it('refuses a valid card that is not a published test card: 400 on cardNumber, nothing stored', async () => {
    const where = { projectId: production().projectId };
    const before = await vault.runtime.db.prisma.token.count({ where });
    const response = await vault.call('POST', '/test-tokens', {
      json: body({ cardNumber: '4539578763621486' }),
      key: production().keys.full,
      pubKey: production().pubKey,
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: {
        code: 'validation_error',
        message: expect.any(String),
        fields: [{ path: 'cardNumber', message: expect.stringContaining('published PSP test card') }],
      },
      request_id: response.headers.get('x-request-id'),
    });
    expect(response.text).not.toContain('4539578763621486');
    expect(await vault.runtime.db.prisma.token.count({ where })).toBe(before);
  });
});

describe('POST /test-tokens — security', () => {
  const production = () => vault.tenants.production;
  const table: [string, () => { key: string | null; pubKey?: string }, number, string, string][] = [
    ['missing key', () => ({ key: null }), 401, 'invalid_api_key', 'Invalid API key'],
    ['unknown key', () => ({ key: 'vk_test_000000000000000000000000000000ab' }), 401, 'invalid_api_key', 'Invalid API key'],
    ['garbage key', () => ({ key: 'hello' }), 401, 'invalid_api_key', 'Invalid API key'],
    ['revoked key', () => ({ key: vault.tenants.test.keys.revoked }), 401, 'invalid_api_key', 'Invalid API key'],
    ['key without tokenization', () => ({ key: vault.tenants.test.keys.noPermission }), 403, 'insufficient_permissions', 'Insufficient permissions'],
    ['provisioning-only key', () => ({ key: vault.tenants.test.keys.provisioningOnly }), 403, 'insufficient_permissions', 'Insufficient permissions'],
    ['production key without pub key', () => ({ key: production().keys.full }), 401, 'pub_key_required', 'X-Pub-Key header is required for production API keys'],
    ['production key with a wrong pub key', () => ({ key: production().keys.full, pubKey: 'pk_live_wrong' }), 401, 'invalid_pub_key', 'Invalid pub key'],
    ['production revoked key with its pub key', () => ({ key: production().keys.revoked, pubKey: production().pubKey }), 401, 'invalid_api_key', 'Invalid API key'],
  ];

  it.each(table)('%s → %i %s', async (_name, credentials, status, code, message) => {
    const response = await vault.call('POST', '/test-tokens', { json: body(), ...credentials() });
    expect(response.status).toBe(status);
    expect(response.json).toEqual({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
  });

  it('a test key ignores any pub key', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: body(), pubKey: 'anything' });
    expect(response.status).toBe(201);
  });

  it('records refused attempts in the audit log', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: body(), key: production().keys.full });
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'test_token.create', outcome: 'failure', statusCode: 401, projectId: production().projectId });
  });
});
