// Checkout sessions, the merchant server's side: POST /api/sessions/create and GET /api/sessions/{id}
// with X-API-KEY (vault key, tokenization permission) and X-SERVICE-API-KEY (a merchant of the same
// project). Happy, error and security tables: the response and the stored row, amount/currency rules,
// return URL and parentOrigin rules, expiry bounds (CHECKOUT_MIN_EXPIRY_SECONDS lowered), keys that are
// missing, wrong or of another project, another merchant's or project's session (404), the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMerchant, createSession, openSession, readSession, sessionBody, type TestMerchant } from '../helpers/checkout';
import { refusedKeys } from '../helpers/fixtures';
import { inTenantProjects, startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';

let vault: TestVault;
let merchant: TestMerchant;
let sibling: TestMerchant;
let otherProjectMerchant: TestMerchant;
const CHECKOUT_URL = 'https://pay.vault.example';

beforeAll(async () => {
  vault = await startTestVault({ env: { CHECKOUT_URL: `${CHECKOUT_URL}/`, CHECKOUT_MIN_EXPIRY_SECONDS: '5' } });
  merchant = await makeMerchant(vault, { name: 'Acme Store' });
  sibling = await makeMerchant(vault, { name: 'Sibling Store' });
  otherProjectMerchant = await makeMerchant(vault, { projectId: vault.tenants.other.projectId, name: 'Other Store' });
});
afterAll(() => vault?.close());

const errorBody = (response: ApiResponse, code: string, message: string) => ({
  success: false,
  error: { code, message },
  request_id: response.headers.get('x-request-id'),
});
const storedSession = (id: string) => vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id } });
const auditRow = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
const fieldsOf = (response: ApiResponse) => (response.json.error.fields as { path: string; message: string }[]).map((field) => field.path);

describe('POST /api/sessions/create — happy', () => {
  it('redirect by default: 201 with the page URL under CHECKOUT_URL, 30 minutes, the merchant\'s name', async () => {
    const before = Date.now();
    const response = await createSession(vault, merchant);
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      sessionId: expect.stringMatching(/^cs_[0-9A-Za-z]{24}$/),
      url: `${CHECKOUT_URL}/checkout/${response.json.sessionId}`,
      embedMode: 'redirect',
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const expiresAt = Date.parse(response.json.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 1_800_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 1_800_000);
    expect(await storedSession(response.json.sessionId)).toMatchObject({
      projectId: vault.tenants.test.projectId,
      merchantId: merchant.id,
      applicationId: vault.tenants.test.applicationId,
      merchantName: 'Acme Store',
      amount: '10.50',
      amountMinor: 1050n,
      currency: 'EUR',
      successUrl: 'https://shop.example/thanks?order=42',
      embedMode: 'redirect',
      parentOrigin: null,
      testMode: true,
      status: 'open',
      attempts: 0,
      transactionId: null,
    });
    expect(await auditRow(response)).toMatchObject({
      action: 'checkout.session.create',
      outcome: 'success',
      statusCode: 201,
      projectId: vault.tenants.test.projectId,
      applicationId: vault.tenants.test.applicationId,
      resource: `checkout_session:${response.json.sessionId}`,
    });
  });

  it.each(['popup', 'iframe', 'new_tab'])('%s with parentOrigin: stored for the page\'s CSP and messages', async (embedMode) => {
    const response = await createSession(vault, merchant, { embedMode, parentOrigin: 'https://shop.example:8443', merchantName: ' Acme Europe ', expiresInSeconds: 600 });
    expect(response.status).toBe(201);
    expect(response.json.embedMode).toBe(embedMode);
    expect(Date.parse(response.json.expiresAt)).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(await storedSession(response.json.sessionId)).toMatchObject({ embedMode, parentOrigin: 'https://shop.example:8443', merchantName: 'Acme Europe' });
  });

  it('redirect mode validates a parentOrigin but does not keep it (a redirect page is never framed, never posts)', async () => {
    const response = await createSession(vault, merchant, { embedMode: 'redirect', parentOrigin: 'https://shop.example' });
    expect(response.status).toBe(201);
    expect((await storedSession(response.json.sessionId)).parentOrigin).toBeNull();
  });

  it.each([
    ['10.5', 'EUR', '10.50', 1050n],
    ['010.50', 'eur', '10.50', 1050n],
    ['0.01', 'usd', '0.01', 1n],
    ['10', 'EUR', '10.00', 1000n],
    ['1500', 'JPY', '1500', 1500n],
    ['1.234', 'KWD', '1.234', 1234n],
    ['1.2345', 'CLF', '1.2345', 12345n],
    ['1.5', 'clf', '1.5000', 15000n],
    ['1.50', 'HUF', '1.50', 150n],
    ['1000.99', 'idr', '1000.99', 100099n],
    ['100', 'UYI', '100', 100n],
    ['922337203685477.5807', 'CLF', '922337203685477.5807', 9223372036854775807n],
    ['999999999999999.99', 'USD', '999999999999999.99', 99999999999999999n],
  ])('amount %s %s is stored as %s (%s minor units)', async (amount, currency, stored, minor) => {
    const response = await createSession(vault, merchant, { amount, currency });
    expect(response.status, response.text).toBe(201);
    expect(await storedSession(response.json.sessionId)).toMatchObject({ amount: stored, amountMinor: minor, currency: currency.toUpperCase() });
  });

  it.each([
    ['successUrl', 'http://localhost:4000/ok?x=1'],
    ['cancelUrl', 'http://127.0.0.1:4000/cancel'],
    ['errorUrl', 'https://shop.example:8443/err#fragment'],
  ])('%s %s is accepted', async (field, url) => {
    expect((await createSession(vault, merchant, { [field]: url })).status).toBe(201);
  });

  it.each(['http://localhost:4000', 'http://127.0.0.1:4000', 'https://shop.example', 'https://xn--bcher-kva.example'])('parentOrigin %s is accepted', async (origin) => {
    expect((await createSession(vault, merchant, { embedMode: 'iframe', parentOrigin: origin })).status).toBe(201);
  });

  it('expiresInSeconds from CHECKOUT_MIN_EXPIRY_SECONDS (5 here) to 86400', async () => {
    for (const seconds of [5, 86_400]) {
      const response = await createSession(vault, merchant, { expiresInSeconds: seconds });
      expect(response.status).toBe(201);
      expect(Date.parse(response.json.expiresAt)).toBeLessThanOrEqual(Date.now() + seconds * 1000);
      expect(Date.parse(response.json.expiresAt)).toBeGreaterThan(Date.now() + seconds * 1000 - 5000);
    }
  });

  it('no Idempotency-Key replay: every create makes a new session (the service key is always checked)', async () => {
    const headers = { 'idempotency-key': `session-${Math.random()}` };
    const first = await createSession(vault, merchant, {}, { headers });
    const again = await createSession(vault, merchant, {}, { headers, serviceKey: 'msk_test_0000000000000000000000000000000a' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(401);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a production project: live vault key without X-Pub-Key and an msk_live_ merchant', async () => {
    // A production project's merchant may only name a PSP the project lists (issue 21).
    await vault.runtime.db.prisma.project.update({ where: { id: vault.tenants.production.projectId }, data: { allowedProxyHosts: ['psp.example'] } });
    const live = await makeMerchant(vault, {
      projectId: vault.tenants.production.projectId,
      processor: { type: 'http', url: 'https://psp.example/charge', body: { n: '${cardNumber}' }, transaction_id_path: 'id' },
    });
    expect(live.serviceApiKey).toMatch(/^msk_live_/);
    const response = await createSession(vault, live, {}, { key: vault.tenants.production.keys.full });
    expect(response.status).toBe(201);
    expect((await storedSession(response.json.sessionId)).testMode).toBe(false);
  });
});

describe('GET /api/sessions/{id} — happy', () => {
  it('the merchant\'s server reads the status (no transactionId while open)', async () => {
    const created = await createSession(vault, merchant, { embedMode: 'popup', parentOrigin: 'https://shop.example' });
    const response = await readSession(vault, merchant, created.json.sessionId);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: { sessionId: created.json.sessionId, status: 'open', mode: 'payment', amount: '10.50', currency: 'EUR', embedMode: 'popup', attempts: 0, expiresAt: created.json.expiresAt },
    });
    expect(await auditRow(response)).toMatchObject({ action: 'checkout.session.get', outcome: 'success', statusCode: 200, projectId: vault.tenants.test.projectId, resource: `checkout_session:${created.json.sessionId}` });
  });

  it('a completed session carries its transactionId; an expired one is reported expired (lazily)', async () => {
    const paid = await openSession(vault, merchant);
    await vault.runtime.db.prisma.checkoutSession.update({ where: { id: paid }, data: { status: 'completed', transactionId: 'sbx_test', attempts: 1 } });
    expect((await readSession(vault, merchant, paid)).json.data).toMatchObject({ status: 'completed', transactionId: 'sbx_test', attempts: 1 });
    const lapsed = await openSession(vault, merchant);
    await vault.runtime.db.prisma.checkoutSession.update({ where: { id: lapsed }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await readSession(vault, merchant, lapsed);
    expect(response.json.data.status).toBe('expired');
    expect(response.json.data).not.toHaveProperty('transactionId');
    expect((await storedSession(lapsed)).status).toBe('expired');
  });
});

describe('POST /api/sessions/create — errors', () => {
  it('missing required fields are each named', async () => {
    const response = await vault.call('POST', '/api/sessions/create', { json: {}, headers: { 'x-service-api-key': merchant.serviceApiKey } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([
      { path: 'merchantId', message: 'merchantId is required' },
      { path: 'amount', message: 'amount is required' },
      { path: 'currency', message: 'currency is required' },
      { path: 'successUrl', message: 'successUrl is required' },
      { path: 'cancelUrl', message: 'cancelUrl is required' },
      { path: 'errorUrl', message: 'errorUrl is required' },
    ]);
  });

  it.each([
    [{ amount: '0' }, 'amount', 'amount must be greater than 0'],
    [{ amount: '0.00' }, 'amount', 'amount must be greater than 0'],
    [{ amount: '-1' }, 'amount', 'amount must be greater than 0'],
    [{ amount: '1,00' }, 'amount', 'amount must be a decimal string such as "10.50" (digits, optionally a dot and decimals)'],
    [{ amount: '1e3' }, 'amount', 'amount must be a decimal string such as "10.50" (digits, optionally a dot and decimals)'],
    [{ amount: '.5' }, 'amount', 'amount must be a decimal string such as "10.50" (digits, optionally a dot and decimals)'],
    [{ amount: ' 10' }, 'amount', 'amount must be a decimal string such as "10.50" (digits, optionally a dot and decimals)'],
    [{ amount: '1234567890123456' }, 'amount', 'amount must be a decimal string such as "10.50" (digits, optionally a dot and decimals)'],
    [{ amount: 10.5 }, 'amount', 'amount must be a string'],
    [{ amount: '10.123' }, 'amount', 'amount must have at most 2 decimals for EUR'],
    [{ amount: '10.5', currency: 'JPY' }, 'amount', 'amount must be a whole number for JPY'],
    [{ amount: '1.2345', currency: 'KWD' }, 'amount', 'amount must have at most 3 decimals for KWD'],
    [{ currency: 'EURO' }, 'currency', 'currency must be an ISO 4217 currency code such as EUR or USD'],
    [{ currency: 'XYZ' }, 'currency', 'currency must be an ISO 4217 currency code such as EUR or USD'],
    [{ currency: 'XXX' }, 'currency', 'currency must be an ISO 4217 currency code such as EUR or USD'],
    [{ currency: 'XTS' }, 'currency', 'currency must be an ISO 4217 currency code such as EUR or USD'],
    [{ currency: 'XAU' }, 'currency', 'currency must be an ISO 4217 currency code such as EUR or USD'],
    [{ amount: '1.23456', currency: 'CLF' }, 'amount', 'amount must have at most 4 decimals for CLF'],
    [{ amount: '922337203685477.5808', currency: 'CLF' }, 'amount', 'amount must be below 2^63 minor units (CLF has 4 decimals)'],
    [{ amount: '999999999999999.9999', currency: 'UYW' }, 'amount', 'amount must be below 2^63 minor units (UYW has 4 decimals)'],
    [{ currency: 978 }, 'currency', 'currency must be a string'],
    [{ merchantName: '  ' }, 'merchantName', 'merchantName must be 1 to 100 characters'],
    [{ merchantName: 'x'.repeat(101) }, 'merchantName', 'merchantName must be 1 to 100 characters'],
    [{ embedMode: 'modal' }, 'embedMode', 'embedMode must be one of redirect, popup, iframe, new_tab'],
    [{ expiresInSeconds: 4 }, 'expiresInSeconds', 'expiresInSeconds must be a whole number from 5 to 86400'],
    [{ expiresInSeconds: 86_401 }, 'expiresInSeconds', 'expiresInSeconds must be a whole number from 5 to 86400'],
    [{ expiresInSeconds: 90.5 }, 'expiresInSeconds', 'expiresInSeconds must be a whole number from 5 to 86400'],
    [{ expiresInSeconds: '1800' }, 'expiresInSeconds', 'expiresInSeconds must be a whole number from 5 to 86400'],
    [{ metadata: { order: 1 } }, 'metadata', 'Unrecognized field'],
  ])('%j → 400 naming %s', async (overrides, path, message) => {
    const response = await createSession(vault, merchant, overrides);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
      request_id: response.headers.get('x-request-id'),
    });
  });

  const URL_RULE = 'must be an absolute https URL without user name or password (http only for localhost or 127.0.0.1)';
  it.each([
    ['successUrl', 'http://shop.example/ok'],
    ['successUrl', '/thanks'],
    ['successUrl', 'shop.example/thanks'],
    ['cancelUrl', 'ftp://shop.example/'],
    ['cancelUrl', 'javascript:alert(1)'],
    ['errorUrl', 'https://user:secret@shop.example/'],
    ['errorUrl', 'http://192.168.1.10/err'],
    ['errorUrl', `https://shop.example/${'x'.repeat(2048)}`],
  ])('%s %s → 400 naming the field', async (field, url) => {
    const response = await createSession(vault, merchant, { [field]: url });
    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual([field]);
    if (url.length < 2048) expect(response.json.error.fields[0].message).toBe(`${field} ${URL_RULE}`);
    expect(response.text).not.toContain('secret@');
  });

  it.each(['popup', 'iframe', 'new_tab'])('%s without parentOrigin → 400 naming parentOrigin', async (embedMode) => {
    const response = await createSession(vault, merchant, { embedMode });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: 'parentOrigin', message: 'parentOrigin is required when embedMode is popup, iframe, new_tab' }]);
  });

  const ORIGIN_RULE = 'parentOrigin must be an exact origin such as https://shop.example or https://shop.example:8443 (http only for localhost or 127.0.0.1), without path, wildcard, space or ;';
  it.each([
    'https://shop.example/',
    'https://shop.example/checkout',
    'https://shop.example?x=1',
    'https://*.shop.example',
    '*',
    'https://shop.example; https://evil.example',
    'https://shop.example https://evil.example',
    'https://shop.example,https://evil.example',
    ' https://shop.example',
    'http://shop.example',
    'shop.example',
    'https://Shop.example',
    'https://shop.example:443',
    'https://user@shop.example',
    'null',
    '',
  ])('parentOrigin %j → 400 naming parentOrigin', async (origin) => {
    const response = await createSession(vault, merchant, { embedMode: 'iframe', parentOrigin: origin });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: 'parentOrigin', message: ORIGIN_RULE }]);
  });

  it('malformed JSON → 400 invalid_json; other media types → 415', async () => {
    const malformed = await vault.call('POST', '/api/sessions/create', { body: '{"amount":', headers: { 'content-type': 'application/json', 'x-service-api-key': merchant.serviceApiKey } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('invalid_json');
    const form = await vault.call('POST', '/api/sessions/create', { body: 'amount=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-service-api-key': merchant.serviceApiKey } });
    expect(form.status).toBe(415);
  });

  it('a validation failure writes a failure audit row and no session', async () => {
    const before = await vault.runtime.db.prisma.checkoutSession.count({ where: inTenantProjects(vault) });
    const response = await createSession(vault, merchant, { amount: '0' });
    expect(await auditRow(response)).toMatchObject({ action: 'checkout.session.create', outcome: 'failure', statusCode: 400 });
    expect(await vault.runtime.db.prisma.checkoutSession.count({ where: inTenantProjects(vault) })).toBe(before);
  });
});

describe('checkout sessions — security', () => {
  it.each(refusedKeys(() => vault))('create with %s → %i %s', async (_name, status, message, key) => {
    const response = await createSession(vault, merchant, {}, { key: key() });
    expect(response.status).toBe(status);
    expect(response.json).toEqual(errorBody(response, status === 401 ? 'invalid_api_key' : 'insufficient_permissions', message));
  });

  it.each(refusedKeys(() => vault))('read with %s → %i %s', async (_name, status, message, key) => {
    const sessionId = await openSession(vault, merchant);
    const response = await readSession(vault, merchant, sessionId, { key: key() });
    expect(response.status).toBe(status);
    expect(response.json.error.message).toBe(message);
  });

  const badServiceKeys: [string, () => string | null][] = [
    ['missing', () => null],
    ['garbage', () => 'hello'],
    ['unknown', () => 'msk_test_0000000000000000000000000000000a'],
    ['a vault key in its place', () => vault.tenants.test.keys.full],
  ];
  it.each(badServiceKeys)('service key %s → 401 Invalid service API key (create and read)', async (_name, serviceKey) => {
    const created = await createSession(vault, merchant, {}, { serviceKey: serviceKey() });
    expect(created.status).toBe(401);
    expect(created.json).toEqual(errorBody(created, 'invalid_service_api_key', 'Invalid service API key'));
    const sessionId = await openSession(vault, merchant);
    const read = await readSession(vault, merchant, sessionId, { serviceKey: serviceKey() });
    expect(read.json).toEqual(errorBody(read, 'invalid_service_api_key', 'Invalid service API key'));
  });

  it('a merchant of another project than the vault key → 403, no session', async () => {
    const before = await vault.runtime.db.prisma.checkoutSession.count({ where: inTenantProjects(vault) });
    const response = await createSession(vault, otherProjectMerchant);
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'merchant_mismatch', 'The service API key belongs to a merchant of another project than the API key'));
    // And the other way round: the other project's vault key with our merchant.
    const reverse = await createSession(vault, merchant, {}, { key: vault.tenants.other.keys.full });
    expect(reverse.status).toBe(403);
    expect(await vault.runtime.db.prisma.checkoutSession.count({ where: inTenantProjects(vault) })).toBe(before);
    expect(await auditRow(response)).toMatchObject({ action: 'checkout.session.create', outcome: 'failure', statusCode: 403, projectId: vault.tenants.test.projectId });
  });

  it('merchantId naming another merchant than the service key\'s → 403 (even of the same project)', async () => {
    const response = await vault.call('POST', '/api/sessions/create', { json: sessionBody(sibling.id), headers: { 'x-service-api-key': merchant.serviceApiKey } });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(errorBody(response, 'merchant_mismatch', 'merchantId does not name the merchant of the service API key'));
    const unknown = await vault.call('POST', '/api/sessions/create', { json: sessionBody('not-a-merchant'), headers: { 'x-service-api-key': merchant.serviceApiKey } });
    expect(unknown.status).toBe(403);
  });

  it('another merchant\'s or another project\'s session, and unknown ids → 404 Checkout session not found', async () => {
    const ours = await openSession(vault, merchant);
    const theirs = await openSession(vault, otherProjectMerchant).catch(() => null);
    expect(theirs).toBeNull(); // the test key cannot create for the other project…
    const otherCreated = await createSession(vault, otherProjectMerchant, {}, { key: vault.tenants.other.keys.full });
    expect(otherCreated.status).toBe(201); // …the other project's own key can.
    const cases: [string, TestMerchant, string | undefined][] = [
      [ours, sibling, undefined],
      [otherCreated.json.sessionId, merchant, undefined],
      [ours, otherProjectMerchant, vault.tenants.other.keys.full],
      ['cs_000000000000000000000000', merchant, undefined],
      ['not-a-session', merchant, undefined],
    ];
    for (const [sessionId, who, key] of cases) {
      const response = await readSession(vault, who, sessionId, { key });
      expect(response.status, sessionId).toBe(404);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Checkout session not found'));
    }
    expect((await readSession(vault, merchant, ours)).status).toBe(200);
  });

  it('unsupported methods → 405', async () => {
    expect((await vault.call('GET', '/api/sessions/create')).status).toBe(405);
    expect((await vault.call('PUT', '/api/sessions/create')).status).toBe(405);
    expect((await vault.call('DELETE', `/api/sessions/${await openSession(vault, merchant)}`)).status).toBe(405);
  });

  it('no key material in logs or audit rows', async () => {
    const logs = vault.logs.join('\n');
    const audit = JSON.stringify(await vault.runtime.db.prisma.auditLog.findMany());
    for (const key of [merchant.serviceApiKey, sibling.serviceApiKey, vault.tenants.test.keys.full]) {
      expect(logs).not.toContain(key);
      expect(audit).not.toContain(key);
    }
  });
});
