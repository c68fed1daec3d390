// PUT /api/merchants/{id} (issue 10): a header value sent as "********" keeps the stored PSP secret only
// while the http processor's URL keeps its host (and port) and path; a URL moved elsewhere must carry every
// header value again (400 naming each masked header), so whoever can edit a merchant cannot send its
// stored credentials to a host of their choosing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMerchantOrThrow } from '../../lib/merchants/get-merchant-or-throw';
import { loginAs } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type TestUsers } from '../helpers/users';

const SECRET = 'Bearer sk_live_merchant_secret_4f8d2a9c71';
const ACCOUNT = 'acct_merchant_77';
const URL_NOW = 'https://psp.example/v1/charges';

let vault: TestVault;
let users: TestUsers;
let admin: string;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'merchant-url');
  admin = await loginAs(vault, users.admin.email);
});
afterAll(() => vault?.close());

const processor = (url: string, headers: Record<string, string>) => ({
  type: 'http',
  url,
  headers,
  body: { card: '${cardNumber}', cvc: '${cvv}' },
  transaction_id_path: 'id',
});
const masked = { Authorization: '********', 'X-Psp-Account': '********' };

const api = (method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${admin}` } });

async function merchant(): Promise<string> {
  const response = await api('POST', '/api/merchants', { name: 'Secret shop', processor: processor(URL_NOW, { Authorization: SECRET, 'X-Psp-Account': ACCOUNT }) });
  expect(response.status, response.text).toBe(201);
  return response.json.data.id;
}

const stored = async (id: string) => (await getMerchantOrThrow(vault.runtime, { accountId: users.accountId, merchantId: id })).processor;
const update = (id: string, url: string, headers: Record<string, string>) => api('PUT', `/api/merchants/${id}`, { processor: processor(url, headers) });

function expectNamed(response: ApiResponse, headers: string[]) {
  expect(response.status).toBe(400);
  expect(response.json.error.code).toBe('validation_error');
  expect(response.json.error.fields).toEqual(
    headers.map((name) => ({
      path: `processor.headers.${name}`,
      message: `processor.url changes its host or path: enter the value of header ${name} again ("********" keeps a stored value only for the same URL)`,
    })),
  );
  expect(response.text).not.toContain(SECRET);
  expect(response.text).not.toContain(ACCOUNT);
}

describe('happy', () => {
  it('the same URL (or only its query or spelling changed) keeps the stored values behind "********"', async () => {
    const id = await merchant();
    for (const url of [URL_NOW, 'https://PSP.example:443/v1/charges', 'https://psp.example/v1/charges?version=2']) {
      const response = await update(id, url, masked);
      expect(response.status, response.text).toBe(200);
      expect(await stored(id)).toMatchObject({ headers: { Authorization: SECRET, 'X-Psp-Account': ACCOUNT } });
    }
  });

  it('a new URL with every header value entered again is saved with the new values', async () => {
    const id = await merchant();
    const response = await update(id, 'https://other-psp.example/v2/pay', { Authorization: 'Bearer sk_new', 'X-Psp-Account': 'acct_new' });
    expect(response.status).toBe(200);
    expect(response.json.data.processor.headers).toEqual(masked);
    expect(await stored(id)).toMatchObject({ url: 'https://other-psp.example/v2/pay', headers: { Authorization: 'Bearer sk_new', 'X-Psp-Account': 'acct_new' } });
  });

  it('a new URL with no headers at all is fine (nothing stored is carried over)', async () => {
    const id = await merchant();
    expect((await update(id, 'https://other-psp.example/v2/pay', {})).status).toBe(200);
    expect(await stored(id)).toMatchObject({ url: 'https://other-psp.example/v2/pay', headers: {} });
  });
});

describe('attack: moving stored secrets to a new destination', () => {
  it.each([
    ['another host', 'https://collector.evil.example/v1/charges'],
    ['a subdomain', 'https://eu.psp.example/v1/charges'],
    ['another port', 'https://psp.example:8443/v1/charges'],
    ['another path on the same host', 'https://psp.example/tenants/attacker/charges'],
    ['a trailing-slash path', 'https://psp.example/v1/charges/'],
  ])('%s with "********" → 400 naming each masked header; nothing saved; audited', async (_name, url) => {
    const id = await merchant();
    const response = await update(id, url, masked);
    expectNamed(response, ['Authorization', 'X-Psp-Account']);
    expect(await stored(id)).toMatchObject({ url: URL_NOW, headers: { Authorization: SECRET, 'X-Psp-Account': ACCOUNT } });
    const audit = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(audit).toMatchObject({ action: 'merchant.update', outcome: 'failure', statusCode: 400, userId: users.admin.id });
    expect(JSON.stringify(audit)).not.toContain('sk_live');
  });

  it('only the headers still masked are named when some were entered again', async () => {
    const id = await merchant();
    expectNamed(await update(id, 'https://collector.evil.example/x', { Authorization: 'Bearer typed-again', 'x-psp-account': '********' }), ['x-psp-account']);
    expect(await stored(id)).toMatchObject({ url: URL_NOW, headers: { Authorization: SECRET } });
  });

  it('a header the merchant does not have is still named as before', async () => {
    const id = await merchant();
    const response = await update(id, URL_NOW, { 'X-Unknown': '********' });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: 'processor.headers.X-Unknown', message: '"********" keeps a stored header value, and this merchant has no such header' }]);
  });

  it('two steps do not launder it: a query change keeps the secret, a host change after it still needs it again', async () => {
    const id = await merchant();
    expect((await update(id, `${URL_NOW}?step=1`, masked)).status).toBe(200);
    expectNamed(await update(id, 'https://collector.evil.example/v1/charges?step=1', masked), ['Authorization', 'X-Psp-Account']);
  });
});
