// Vault Elements collect sessions (issue 24): POST /collect-sessions and GET /collect-sessions/{id} (the
// merchant's server, API key) and POST /collect-sessions/{id}/submit (the field frame, same origin, the
// client secret). Happy path to a token that detokenizes to the card; the order of refusals; single use;
// failures expiring the session; the security table; and the canary: no card number or CVV in any answer,
// stored row or log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLLECT_FAILURES } from '../../lib/collect/collect-rules';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';

const CHECKOUT_URL = 'https://pay.vault.example';
const PARENT = 'https://shop.example';
const CARD = { card_number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123' };
const CANARY_PAN = '371449635398431'; // an Amex test card: its CVC is 4 digits
const CANARY_CVV = '7391';
const canaryCvvPattern = new RegExp(`(?<![0-9A-Za-z-])${CANARY_CVV}(?![0-9A-Za-z-])`);

let vault: TestVault;
const responses: ApiResponse[] = [];

beforeAll(async () => {
  // Every submit here comes from 127.0.0.1: the per-IP limit is raised (and tested with its own vault below).
  vault = await startTestVault({ env: { CHECKOUT_URL, COLLECT_SUBMIT_LIMIT_PER_MINUTE: '10000' } });
});
afterAll(async () => {
  await vault?.close();
});

async function open(body: Record<string, unknown> = {}, options: { key?: string | null; pubKey?: string } = {}): Promise<ApiResponse> {
  const response = await vault.call('POST', '/collect-sessions', { json: { parent_origin: PARENT, ...body }, ...options });
  responses.push(response);
  return response;
}
async function openOk(body: Record<string, unknown> = {}): Promise<{ id: string; client_secret: string }> {
  const response = await open(body);
  expect(response.status).toBe(201);
  return response.json;
}
async function submit(id: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const response = await vault.call('POST', `/collect-sessions/${id}/submit`, {
    key: null,
    json: body,
    headers: { origin: new URL(CHECKOUT_URL).origin, 'sec-fetch-site': 'same-origin', ...headers },
  });
  responses.push(response);
  return response;
}
const read = (id: string, key?: string | null) => vault.call('GET', `/collect-sessions/${id}`, key === undefined ? {} : { key });
const errorOf = (response: ApiResponse) => ({ status: response.status, code: response.json.error?.code, message: response.json.error?.message });

describe('POST /collect-sessions', () => {
  it('opens a session: 201 with the id, a one-time client secret, the origin, the expiry and the fields', async () => {
    const before = Date.now();
    const response = await open({ metadata: { order_id: 'ord_1' } });
    expect(response.status).toBe(201);
    const body = response.json;
    expect(body).toEqual({
      success: true,
      id: expect.stringMatching(/^cls_[0-9A-Za-z]{24}$/),
      client_secret: expect.stringMatching(/^cls_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{32}$/),
      parent_origin: PARENT,
      expires_at: expect.any(String),
      fields: ['card_number', 'card_expiry', 'card_cvc'],
    });
    expect(body.client_secret.startsWith(`${body.id}_secret_`)).toBe(true);
    const expiresIn = Date.parse(body.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(899_000);
    expect(expiresIn).toBeLessThan(905_000);
    // Stored hashed: the secret itself is nowhere in the row.
    const row = await vault.runtime.db.prisma.collectSession.findUniqueOrThrow({ where: { id: body.id } });
    expect(JSON.stringify(row)).not.toContain(body.client_secret.split('_secret_')[1]);
    expect(row.clientSecretHash).toBe(vault.runtime.keyring.hashSecret(body.client_secret));
    const audit = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(audit).toMatchObject({ action: 'collect_session.create', outcome: 'success', statusCode: 201, resource: `collect_session:${body.id}`, projectId: vault.tenants.test.projectId });
  });

  it('takes fields in a canonical order and an expiry within 60–3600 s', async () => {
    const response = await open({ fields: ['card_expiry', 'card_number'], expires_in_seconds: 60 });
    expect(response.status).toBe(201);
    expect(response.json.fields).toEqual(['card_number', 'card_expiry']);
  });

  it.each([
    [{ parent_origin: 'https://shop.example/' }, 'parent_origin'],
    [{ parent_origin: 'https://*.example' }, 'parent_origin'],
    [{ parent_origin: 'http://shop.example' }, 'parent_origin'],
    [{ fields: ['card_cvc'] }, 'fields'],
    [{ fields: ['card_number', 'card_number', 'card_expiry'] }, 'fields'],
    [{ fields: ['card_number', 'card_expiry', 'card_pin'] }, 'fields.2'],
    [{ expires_in_seconds: 59 }, 'expires_in_seconds'],
    [{ expires_in_seconds: 3601 }, 'expires_in_seconds'],
    [{ expires_in_seconds: 90.5 }, 'expires_in_seconds'],
    [{ metadata: { a: 1 } }, 'metadata.a'],
    [{ merchant_id: 'nope' }, 'merchant_id'],
    [{ merchant_id: '00000000-0000-4000-8000-000000000000' }, 'merchant_id'],
    [{ extra: true }, 'extra'],
  ])('refuses %j: 400 naming %s', async (body, field) => {
    const response = await open(body);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
    expect(response.json.error.fields.map((entry: { path: string }) => entry.path)).toContain(field);
  });

  it('test projects accept http://localhost and http://127.0.0.1 on any port; production projects only https', async () => {
    expect((await open({ parent_origin: 'http://localhost:5173' })).status).toBe(201);
    expect((await open({ parent_origin: 'http://127.0.0.1:8080' })).status).toBe(201);
    const production = vault.tenants.production;
    const refused = await open({ parent_origin: 'http://localhost:5173' }, { key: production.keys.full, pubKey: production.pubKey });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual([{ path: 'parent_origin', message: 'parent_origin must be an https origin in a production project' }]);
    expect((await open({}, { key: production.keys.full, pubKey: production.pubKey })).status).toBe(201);
  });

  it('an http origin other than localhost or 127.0.0.1 is refused with a message saying which http origins a test project takes', async () => {
    const refused = await open({ parent_origin: 'http://shop.example' });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual([{ path: 'parent_origin', message: expect.stringContaining('http only for localhost or 127.0.0.1 in a test project') }]);
  });
});

describe('collect sessions — security table', () => {
  it('refuses a missing key, a wrong key, a key without tokenization, a revoked key, and a production key without X-Pub-Key', async () => {
    const production = vault.tenants.production;
    expect(errorOf(await open({}, { key: null }))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(errorOf(await open({}, { key: 'vk_wrong' }))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(errorOf(await open({}, { key: vault.tenants.test.keys.revoked }))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(errorOf(await open({}, { key: vault.tenants.test.keys.noPermission }))).toMatchObject({ status: 403, code: 'insufficient_permissions' });
    expect(errorOf(await open({}, { key: production.keys.full }))).toMatchObject({ status: 401, code: 'pub_key_required' });
    const { id } = await openOk();
    expect(errorOf(await read(id, null))).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(errorOf(await read(id, vault.tenants.test.keys.noPermission))).toMatchObject({ status: 403, code: 'insufficient_permissions' });
  });

  it("another project's session is 404 like an unknown one", async () => {
    const { id } = await openOk();
    const other = await read(id, vault.tenants.other.keys.full);
    expect(errorOf(other)).toEqual({ status: 404, code: 'not_found', message: 'Collect session not found' });
    expect(errorOf(await read('cls_000000000000000000000000'))).toEqual({ status: 404, code: 'not_found', message: 'Collect session not found' });
  });

  it('a submit from another origin (or cross-site) is 403 forbidden_origin and uses nothing', async () => {
    const { id, client_secret } = await openOk();
    const crossOrigin = await submit(id, { client_secret, parent_origin: PARENT, ...CARD }, { origin: PARENT, 'sec-fetch-site': 'cross-site' });
    expect(errorOf(crossOrigin)).toEqual({ status: 403, code: 'forbidden_origin', message: 'Cross-origin requests are not allowed' });
    const siteless = await submit(id, { client_secret, parent_origin: PARENT, ...CARD }, { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' });
    expect(siteless.status).toBe(403);
    expect((await vault.runtime.db.prisma.collectSession.findUniqueOrThrow({ where: { id } })).failedAttempts).toBe(0);
  });
});

describe('POST /collect-sessions/{id}/submit', () => {
  it('tokenizes the card: the result, a completed session read, and a token that detokenizes to that card', async () => {
    const { id, client_secret } = await openOk({ metadata: { order_id: 'ord_9' } });
    const response = await submit(id, { client_secret, parent_origin: PARENT, ...CARD });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      token: expect.stringMatching(/^tok_/),
      cvc_session_id: expect.any(String),
      brand: 'visa',
      last4: '4242',
      exp_month: '12',
      exp_year: '2030',
    });
    const { token, cvc_session_id } = response.json;
    const session = await read(id);
    expect(session.status).toBe(200);
    expect(session.json).toEqual({
      success: true,
      id,
      status: 'completed',
      parent_origin: PARENT,
      fields: ['card_number', 'card_expiry', 'card_cvc'],
      metadata: { order_id: 'ord_9' },
      expires_at: expect.any(String),
      created_at: expect.any(String),
      completed_at: expect.any(String),
      token,
      cvc_session_id,
      brand: 'visa',
      last4: '4242',
      exp_month: '12',
      exp_year: '2030',
    });
    const detokenized = await vault.call('POST', '/detokenize', { json: { token } });
    expect(detokenized.status).toBe(200);
    expect(JSON.stringify(detokenized.json)).toContain('4242424242424242');
    // The same audit row as POST /tokenize, in the session's project and application, plus the call's own row.
    const tokenRow = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token }, select: { id: true } });
    const rows = await vault.runtime.db.prisma.auditLog.findMany({ where: { requestId: response.headers.get('x-request-id')! }, orderBy: { seq: 'asc' } });
    expect(rows.map((row) => [row.action, row.outcome, row.statusCode, row.tokenId, row.projectId])).toEqual([
      ['tokenize', 'success', 201, tokenRow.id, vault.tenants.test.projectId],
      ['collect_session.submit', 'success', 201, tokenRow.id, vault.tenants.test.projectId],
    ]);
    expect(rows[0]!.applicationId).not.toBeNull();
    expect(rows[1]!.resource).toBe(`collect_session:${id}`);
  });

  it('a used secret is refused (401 invalid_client_secret) and the session keeps its one token', async () => {
    const { id, client_secret } = await openOk();
    const first = await submit(id, { client_secret, parent_origin: PARENT, ...CARD });
    expect(first.status).toBe(201);
    const again = await submit(id, { client_secret, parent_origin: PARENT, ...CARD, card_number: '5555555555554444' });
    expect(errorOf(again)).toEqual({ status: 401, code: 'invalid_client_secret', message: 'Invalid client secret' });
    expect((await read(id)).json.token).toBe(first.json.token);
  });

  it('refuses in order: unknown session 404, wrong or another session\'s secret 401, another page origin 403, the card 400', async () => {
    const { id, client_secret } = await openOk();
    const other = await openOk();
    expect(errorOf(await submit('cls_000000000000000000000000', { client_secret, parent_origin: PARENT, ...CARD }))).toEqual({ status: 404, code: 'not_found', message: 'Collect session not found' });
    expect(errorOf(await submit(id, { client_secret: other.client_secret, parent_origin: PARENT, ...CARD }))).toMatchObject({ status: 401, code: 'invalid_client_secret' });
    expect(errorOf(await submit(id, { parent_origin: PARENT, ...CARD }))).toMatchObject({ status: 401, code: 'invalid_client_secret' });
    expect(errorOf(await submit(id, { client_secret, parent_origin: 'https://evil.example', ...CARD }))).toMatchObject({ status: 403, code: 'forbidden_origin' });
    const badCard = await submit(id, { client_secret, parent_origin: PARENT, ...CARD, card_number: '4242424242424241' });
    expect(badCard.status).toBe(400);
    expect(badCard.json.error.fields).toEqual([{ path: 'card_number', message: 'card_number fails the Luhn check' }]);
    expect((await vault.runtime.db.prisma.collectSession.findUniqueOrThrow({ where: { id } })).failedAttempts).toBe(4);
    // Still open after four failures: the right secret and card complete it.
    expect((await submit(id, { client_secret, parent_origin: PARENT, ...CARD })).status).toBe(201);
  });

  it.each([
    [{ cvc: undefined }, 'cvc', 'cvc is required'],
    [{ card_number: '378282246310005', cvc: '123' }, 'cvc', 'The security code is 4 digits.'],
    [{ exp_month: '13' }, 'exp_month', 'exp_month must be two digits from 01 to 12'],
    [{ exp_year: '2020' }, 'exp_year', 'The card has expired'],
    [{ card_number: undefined }, 'card_number', 'card_number is required'],
  ])('validates the card %j: 400 naming %s', async (change, field, message) => {
    const { id, client_secret } = await openOk();
    const response = await submit(id, { client_secret, parent_origin: PARENT, ...CARD, ...change });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: field, message }]);
  });

  it('takes an Amex with a 4-digit CVC, and a session without card_cvc refuses a CVC and makes no CVC session', async () => {
    const amex = await openOk();
    const response = await submit(amex.id, { client_secret: amex.client_secret, parent_origin: PARENT, ...CARD, card_number: '3782 822463 10005', cvc: '1234' });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ brand: 'amex', last4: '0005' });
    const noCvc = await openOk({ fields: ['card_number', 'card_expiry'] });
    const withCvc = await submit(noCvc.id, { client_secret: noCvc.client_secret, parent_origin: PARENT, ...CARD });
    expect(withCvc.json.error.fields).toEqual([{ path: 'cvc', message: 'cvc is not collected by this session' }]);
    const { cvc: _cvc, ...card } = CARD;
    const done = await submit(noCvc.id, { client_secret: noCvc.client_secret, parent_origin: PARENT, ...card });
    expect(done.status).toBe(201);
    expect(done.json.cvc_session_id).toBeUndefined();
  });

  it(`the ${MAX_COLLECT_FAILURES}th failed submission expires the session: then 410 collect_session_expired, even with the right secret`, async () => {
    const { id, client_secret } = await openOk();
    for (let failure = 0; failure < MAX_COLLECT_FAILURES; failure += 1) {
      expect((await submit(id, { client_secret: `${id}_secret_${'x'.repeat(32)}`, parent_origin: PARENT, ...CARD })).status).toBe(401);
    }
    expect(errorOf(await submit(id, { client_secret, parent_origin: PARENT, ...CARD }))).toEqual({ status: 410, code: 'collect_session_expired', message: 'Collect session expired' });
    expect((await read(id)).json.status).toBe('expired');
  });

  it('a session past its expiry reads expired and refuses a submit with 410', async () => {
    const { id, client_secret } = await openOk();
    await vault.runtime.db.prisma.collectSession.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await read(id)).json).toMatchObject({ status: 'expired' });
    expect((await read(id)).json.token).toBeUndefined();
    expect(errorOf(await submit(id, { client_secret, parent_origin: PARENT, ...CARD }))).toMatchObject({ status: 410, code: 'collect_session_expired' });
  });

  it('two submits at once make one token: the other waits its turn and is refused', async () => {
    const { id, client_secret } = await openOk();
    const answers = await Promise.all([1, 2, 3].map(() => submit(id, { client_secret, parent_origin: PARENT, ...CARD })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.status !== 201)) expect([401, 409]).toContain(answer.status);
    const token = answers.find((answer) => answer.status === 201)!.json.token;
    expect((await read(id)).json.token).toBe(token);
  });

  it('the canary card number and CVV never reach an answer, a stored session or a log line', async () => {
    const { id, client_secret } = await openOk();
    await submit(id, { client_secret, parent_origin: PARENT, ...CARD, card_number: CANARY_PAN, cvc: CANARY_CVV, exp_year: '2001' });
    await submit(id, { client_secret: 'wrong', parent_origin: PARENT, ...CARD, card_number: CANARY_PAN, cvc: CANARY_CVV });
    expect((await submit(id, { client_secret, parent_origin: PARENT, ...CARD, card_number: CANARY_PAN, cvc: CANARY_CVV })).status).toBe(201);
    for (const response of responses) {
      expect(response.text).not.toContain(CANARY_PAN);
      expect(response.text).not.toMatch(canaryCvvPattern);
    }
    const stored = JSON.stringify(await vault.runtime.db.prisma.collectSession.findMany({ where: { projectId: vault.tenants.test.projectId } }));
    expect(stored).not.toContain(CANARY_PAN);
    expect(stored).not.toMatch(canaryCvvPattern);
    const logs = vault.logs.join('\n');
    expect(logs).not.toContain(CANARY_PAN);
    expect(logs).not.toMatch(canaryCvvPattern);
  });
});

describe('collect sessions — rate limits', () => {
  it('submissions per client IP across sessions (COLLECT_SUBMIT_LIMIT_PER_MINUTE), then 429 with Retry-After; creates per application', async () => {
    const limited = await startTestVault({ env: { CHECKOUT_URL, COLLECT_SUBMIT_LIMIT_PER_MINUTE: '2' } });
    try {
      const openOne = async () => (await limited.call('POST', '/collect-sessions', { json: { parent_origin: PARENT } })).json;
      const submitTo = (session: { id: string; client_secret: string }) =>
        limited.call('POST', `/collect-sessions/${session.id}/submit`, {
          key: null,
          json: { client_secret: session.client_secret, parent_origin: PARENT, ...CARD },
          headers: { origin: new URL(CHECKOUT_URL).origin },
        });
      const sessions = [await openOne(), await openOne(), await openOne()];
      expect((await submitTo(sessions[0])).status).toBe(201);
      expect((await submitTo(sessions[1])).status).toBe(201);
      const third = await submitTo(sessions[2]);
      expect(third.status).toBe(429);
      expect(third.json.error).toEqual({ code: 'rate_limited', message: 'Too many requests' });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      // Creates: 60 a minute per application (3 made above).
      const creates = await Promise.all(Array.from({ length: 58 }, () => limited.call('POST', '/collect-sessions', { json: { parent_origin: PARENT } })));
      expect(creates.filter((response) => response.status === 201)).toHaveLength(57);
      expect(creates.filter((response) => response.status === 429)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
