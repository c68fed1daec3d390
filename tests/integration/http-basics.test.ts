// What every vault response shares: X-Request-Id, JSON error bodies for unknown paths and wrong methods,
// health and readiness, the OpenAPI document, and the canary: a card number and CVV sent through every
// endpoint never reach logs, audit rows or error bodies.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { cardRequest } from '../helpers/fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const card = cardRequest;

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

describe('X-Request-Id', () => {
  const sane = 'abc-123_x.y:z';

  it('a sane caller id is echoed in the header of a 201', async () => {
    const response = await vault.call('POST', '/tokenize', { json: card(), headers: { 'x-request-id': sane } });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe(sane);
  });

  it('a sane caller id is echoed in the header and the body of errors', async () => {
    const requests: [string, string, Parameters<TestVault['call']>[2]][] = [
      ['POST', '/tokenize', { json: card({ expirationMonth: '13' }) }],
      ['POST', '/tokenize', { json: card(), key: null }],
      ['POST', '/detokenize', { json: { token: 'tok_000000000000000000000000' } }],
      ['GET', '/nowhere', {}],
      ['GET', '/tokenize', {}],
    ];
    for (const [method, path, options] of requests) {
      const response = await vault.call(method, path, { ...options, headers: { 'x-request-id': sane } });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-request-id'), `${method} ${path}`).toBe(sane);
      expect(response.json.request_id, `${method} ${path}`).toBe(sane);
    }
  });

  const insane: [string, string][] = [
    ['spaces', 'abc 123'],
    ['200 characters', 'a'.repeat(200)],
    ['129 characters', 'a'.repeat(129)],
    ['a slash', 'abc/def'],
    ['quotes and braces', '"}{"'],
    ['a percent sign', 'caf%C3%A9'],
    ['empty', ''],
  ];

  it.each(insane)('an insane caller id (%s) is replaced by a UUID in header and body', async (_name, given) => {
    const response = await vault.call('POST', '/tokenize', { json: card({ expirationMonth: '13' }), headers: { 'x-request-id': given } });
    expect(response.status).toBe(400);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(response.json.request_id).toBe(id);
    expect(response.text).not.toContain(given || '"request_id":""');
  });

  it('a 128-character id is still sane', async () => {
    const id = 'b'.repeat(128);
    const response = await vault.call('GET', '/api/applications/key', { headers: { 'x-request-id': id } });
    expect(response.headers.get('x-request-id')).toBe(id);
  });

  it('every response has one: 201, 400, 401, 403, 404, 405, 415', async () => {
    const responses: [number, ApiResponse][] = [
      [201, await vault.call('POST', '/tokenize', { json: card() })],
      [400, await vault.call('POST', '/tokenize', { json: card({ cvv: '1' }) })],
      [401, await vault.call('POST', '/tokenize', { json: card(), key: null })],
      [403, await vault.call('POST', '/tokenize', { json: card(), key: vault.tenants.test.keys.noPermission })],
      [404, await vault.call('POST', '/detokenize', { json: { token: 'tok_000000000000000000000000' } })],
      [404, await vault.call('GET', '/no/such/path')],
      [405, await vault.call('GET', '/tokenize')],
      [415, await vault.call('POST', '/tokenize', { body: 'x=1', headers: { 'content-type': 'text/plain' } })],
    ];
    const ids = new Set<string>();
    for (const [status, response] of responses) {
      expect(response.status).toBe(status);
      const id = response.headers.get('x-request-id');
      expect(id, `status ${status}`).toMatch(UUID);
      if (status >= 400) expect(response.json.request_id).toBe(id);
      ids.add(id!);
    }
    expect(ids.size).toBe(responses.length);
  });

  it('health, readiness and the OpenAPI document carry one too', async () => {
    for (const path of ['/health', '/ready', '/openapi.json']) {
      const response = await vault.call('GET', path, { headers: { 'x-request-id': `${path.slice(1)}-1` } });
      expect(response.headers.get('x-request-id'), path).toBe(`${path.slice(1)}-1`);
      expect((await vault.call('GET', path)).headers.get('x-request-id'), path).toMatch(UUID);
    }
  });

  it('a 413 keeps the caller id in the header and the body', async () => {
    const response = await vault.call('POST', '/tokenize', {
      body: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'content-type': 'application/json', 'x-request-id': 'big-1' },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('x-request-id')).toBe('big-1');
    expect(response.json.request_id).toBe('big-1');
  });

  it('the audit row carries the same request id', async () => {
    const id = `audit-${randomUUID()}`;
    await vault.call('POST', '/tokenize', { json: card(), headers: { 'x-request-id': id } });
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: id } });
    expect(row).toMatchObject({ action: 'tokenize', statusCode: 201 });
  });
});

describe('unknown paths and wrong methods', () => {
  it('an unknown path → 404 JSON error body', async () => {
    const response = await vault.call('GET', '/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.json).toEqual({ success: false, error: { code: 'not_found', message: 'Not found' }, request_id: response.headers.get('x-request-id') });
  });

  it('a /v1 prefix is not a path of this API → 404', async () => {
    const response = await vault.call('POST', '/v1/tokenize', { json: card() });
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe('not_found');
  });

  const wrongMethods: [string, string, string][] = [
    ['GET', '/tokenize', 'POST'],
    ['PUT', '/tokenize', 'POST'],
    ['GET', '/test-tokens', 'POST'],
    ['GET', '/detokenize', 'POST'],
    ['GET', '/proxy/transaction', 'POST'],
    ['POST', '/proxy/delete-cvc-session/0b7d3a3e-6a39-4a83-8f1e-2f0d7f9c1a11', 'DELETE'],
    ['DELETE', '/api/applications/key', 'GET'],
    ['POST', '/health', 'GET'],
  ];

  it.each(wrongMethods)('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const response = await vault.call(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.json).toEqual({
      success: false,
      error: { code: 'method_not_allowed', message: 'Method not allowed' },
      request_id: response.headers.get('x-request-id'),
    });
  });
});

describe('health, readiness and the OpenAPI document', () => {
  it('GET /health → 200', async () => {
    const response = await vault.call('GET', '/health', { key: null });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ok' });
  });

  it('GET /ready → 200 with both checks ok', async () => {
    const response = await vault.call('GET', '/ready', { key: null });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ready', checks: { database: 'ok', store: 'ok' }, latency_ms: { database: expect.any(Number), store: expect.any(Number) } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /openapi.json → 200, OpenAPI 3.1 with every vault path and method', async () => {
    const response = await vault.call('GET', '/openapi.json', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = response.json;
    expect(document.openapi).toMatch(/^3\.1/);
    const expected: [string, string][] = [
      ['/tokenize', 'post'],
      ['/test-tokens', 'post'],
      ['/detokenize', 'post'],
      ['/proxy/transaction', 'post'],
      ['/proxy/delete-cvc-session/{session_id}', 'delete'],
      ['/api/applications/key', 'get'],
      ['/health', 'get'],
      ['/ready', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(document.paths, path).toHaveProperty([path, method]);
    }
    expect(Object.keys(document.paths).some((path) => path.startsWith('/v1'))).toBe(false);
    expect(document.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  });

  it('the tokenize request body documents data.cardNumber', async () => {
    const document = (await vault.call('GET', '/openapi.json', { key: null })).json;
    const schema = document.paths['/tokenize'].post.requestBody.content['application/json'].schema;
    const variants: any[] = schema.oneOf ?? schema.anyOf ?? [schema];
    const cardVariant = variants.find((variant) => variant.properties?.type?.enum?.includes('card') || variant.properties?.type?.const === 'card');
    expect(cardVariant).toBeDefined();
    const cardNumber = cardVariant.properties.data.properties.cardNumber;
    expect(cardNumber.type).toBe('string');
    expect(cardNumber.description).toMatch(/card number/i);
    expect(cardVariant.properties.data.required).toEqual(expect.arrayContaining(['cardNumber', 'expirationMonth', 'expirationYear']));
  });

  it('the test-tokens request body requires cvc and documents the production rule', async () => {
    const document = (await vault.call('GET', '/openapi.json', { key: null })).json;
    const operation = document.paths['/test-tokens'].post;
    const schema = operation.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['cardNumber', 'expirationMonth', 'expirationYear', 'cvc']);
    expect(operation.description).toContain('4242424242424242');
    expect(operation.responses).toHaveProperty('201');
  });
});

describe('canary: card number and CVV never in logs, audit rows or error bodies', () => {
  const CANARY = '4000056655665556';
  const CVV = '7391';
  // Random identifiers can contain any digit run by chance: they are cut out before searching for the CVV.
  const scrubIds = (text: string) =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
      .replace(/tok_[0-9A-Za-z]+/g, '<token>')
      .replace(/\b[0-9a-f]{32,}\b/gi, '<hex>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
      .replace(/"(time|pid|hostname|responseTime|duration)":("[^"]*"|\d+)/g, '"$1":<n>');

  it('goes through every endpoint and leaves no trace', async () => {
    const errors: ApiResponse[] = [];
    const all: ApiResponse[] = [];
    const call = async (...args: Parameters<TestVault['call']>) => {
      const response = await vault.call(...args);
      all.push(response);
      if (response.status >= 400) errors.push(response);
      return response;
    };

    const valid = await call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: CVV }) });
    expect(valid.status).toBe(201);
    const badMonth = await call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: CVV, expirationMonth: '13' }) });
    expect(badMonth.status).toBe(400);
    const badCvv = await call('POST', '/tokenize', { json: card({ cardNumber: `${CANARY.slice(0, 15)}7`, cvv: `${CVV}1` }) });
    expect(badCvv.status).toBe(400);
    const unknownField = await call('POST', '/tokenize', { json: { type: 'card', data: { [CANARY]: CVV, cardNumber: CANARY, expirationMonth: '12', expirationYear: '30' } } });
    expect(unknownField.status).toBe(400);
    const testToken = await call('POST', '/test-tokens', { json: { cardNumber: CANARY, expirationMonth: '12', expirationYear: '2030', cvc: CVV } });
    expect(testToken.status).toBe(201);
    const prodRefused = await call('POST', '/test-tokens', {
      json: { cardNumber: '4539578763621486', expirationMonth: '12', expirationYear: '2030', cvc: CVV },
      key: vault.tenants.production.keys.full,
      pubKey: vault.tenants.production.pubKey,
    });
    expect(prodRefused.status).toBe(400);
    const noKey = await call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: CVV }), key: null });
    expect(noKey.status).toBe(401);
    const revealed = await call('POST', '/detokenize', { json: { token: valid.json.token } });
    expect(revealed.status).toBe(200);
    expect(revealed.json.data.cardNumber).toBe(CANARY);
    const detokenizeMiss = await call('POST', '/detokenize', { json: { token: CANARY } });
    expect(detokenizeMiss.status).toBe(404);

    const proxyBody = {
      token: valid.json.token,
      cvc_session_id: valid.json.cvc_session_id,
      proxy_url: psp.url('/charge'),
      request_data: { card: { number: '${cardNumber}', cvc: '${cvv}', exp: '${expirationMonth}/${expirationYear}' } },
    };
    const idempotencyKey = `canary-${randomUUID()}`;
    const proxied = await call('POST', '/proxy/transaction', { json: proxyBody, headers: { 'idempotency-key': idempotencyKey } });
    expect(proxied.status).toBe(200);
    // The PSP really received the canary and the CVV, and echoed them; the vault masked the echo.
    expect(psp.received.at(-1)!.body.toString('utf8')).toBe(`{"card":{"number":"${CANARY}","cvc":"${CVV}","exp":"12/2030"}}`);
    expect(proxied.text).not.toContain(CANARY);
    expect(scrubIds(proxied.text)).not.toContain(CVV);
    const replay = await call('POST', '/proxy/transaction', { json: proxyBody, headers: { 'idempotency-key': idempotencyKey } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(proxied.text);
    // The production-style session was used once: a second use (new key) is a 404 error body.
    const reused = await call('POST', '/proxy/transaction', { json: proxyBody, headers: { 'idempotency-key': `${idempotencyKey}-2` } });
    expect(reused.status).toBe(404);
    const badUrl = await call('POST', '/proxy/transaction', { json: { ...proxyBody, proxy_url: `http://localhost/${CANARY}?cvv=${CVV}` } });
    expect(badUrl.status).toBe(400);
    const idemReplayError = await call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: CVV, expirationYear: '1' }), headers: { 'idempotency-key': idempotencyKey + '-3' } });
    const idemReplayError2 = await call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: CVV, expirationYear: '1' }), headers: { 'idempotency-key': idempotencyKey + '-3' } });
    expect(idemReplayError.status).toBe(400);
    expect(idemReplayError2.headers.get('idempotent-replayed')).toBe('true');
    const idemReused = await call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: '0000' }), headers: { 'idempotency-key': idempotencyKey + '-3' } });
    expect(idemReused.status).toBe(422);

    // An unexpected failure is logged (only 5xx are): the log line must carry ids, not the request.
    const store = vault.runtime.store;
    const set = store.set;
    store.set = async () => {
      throw new Error('injected store failure');
    };
    let failed: ApiResponse;
    try {
      failed = await call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: CVV }) });
    } finally {
      store.set = set;
    }
    expect(failed.status).toBe(500);
    expect(failed.json.error).toEqual({ code: 'internal_error', message: 'Internal server error' });
    expect(vault.logs.some((line) => line.includes(failed.json.request_id) && line.includes('injected store failure'))).toBe(true);

    expect(errors.length).toBeGreaterThanOrEqual(11);
    for (const response of errors) {
      expect(response.text, response.text).not.toContain(CANARY);
      expect(scrubIds(response.text), response.text).not.toContain(CVV);
    }
    for (const response of all) expect(response.text).not.toContain(`"cvv":"${CVV}"`);

    const logs = vault.logs.join('\n');
    expect(logs).not.toContain(CANARY);
    expect(scrubIds(logs)).not.toContain(CVV);

    const audit = JSON.stringify(await vault.runtime.db.prisma.auditLog.findMany());
    expect(audit).toContain(valid.headers.get('x-request-id'));
    expect(audit).not.toContain(CANARY);
    expect(scrubIds(audit)).not.toContain(CVV);
  });
});
