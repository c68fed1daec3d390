// POST /detokenize: happy, error and security tables; never a security code; another project's token is
// a 404; every reveal is audited with the token id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { cardRequest } from '../helpers/fixtures';

const card = cardRequest;

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault();
});
afterAll(() => vault?.close());

async function tokenize(json: unknown, key?: string, pubKey?: string): Promise<string> {
  const response = await vault.call('POST', '/tokenize', { json, key, pubKey });
  expect(response.status).toBe(201);
  return response.json.token;
}

describe('POST /detokenize — happy', () => {
  it('a card: 200 with exactly type, cardNumber, expirationMonth, expirationYear', async () => {
    const token = await tokenize(card({ cardNumber: '4242 4242 4242 4242' }));
    const response = await vault.call('POST', '/detokenize', { json: { token } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' },
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('a dashed card number and a 2-digit year come back as stored', async () => {
    const token = await tokenize(card({ cardNumber: '5555-5555-5555-4444', expirationMonth: '01', expirationYear: '31' }));
    const response = await vault.call('POST', '/detokenize', { json: { token } });
    expect(response.json).toEqual({
      success: true,
      data: { type: 'card', cardNumber: '5555555555554444', expirationMonth: '01', expirationYear: '31' },
    });
  });

  it('never a cvv/cvc key, even when tokenized with a cvv', async () => {
    const token = await tokenize(card({ cvv: '7391' }));
    const response = await vault.call('POST', '/detokenize', { json: { token } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' },
    });
    expect(response.json.data).not.toHaveProperty('cvv');
    expect(response.json.data).not.toHaveProperty('cvc');
    expect(response.text).not.toContain('7391');
  });

  it('a bank account with every field', async () => {
    const token = await tokenize({
      type: 'bank',
      data: { accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Jane Doe', accountType: 'savings' },
    });
    const response = await vault.call('POST', '/detokenize', { json: { token } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      data: { type: 'bank', accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Jane Doe', accountType: 'savings' },
    });
  });

  it('a bank account with only the required fields', async () => {
    const token = await tokenize({ type: 'bank', data: { accountNumber: '9876', routingNumber: '021000021' } });
    const response = await vault.call('POST', '/detokenize', { json: { token } });
    expect(response.json).toEqual({ success: true, data: { type: 'bank', accountNumber: '9876', routingNumber: '021000021' } });
  });

  it('a production token is revealed with the production key (no pub key needed)', async () => {
    const { keys, pubKey } = vault.tenants.production;
    const token = await tokenize(card({ cardNumber: '4000056655665556' }), keys.full, pubKey);
    const response = await vault.call('POST', '/detokenize', { json: { token }, key: keys.full });
    expect(response.status).toBe(200);
    expect(response.json.data.cardNumber).toBe('4000056655665556');
  });

  it('writes one audit row: action detokenize, the token id, success 200', async () => {
    const token = await tokenize(card());
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token } });
    const response = await vault.call('POST', '/detokenize', { json: { token } });
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { tokenId: row.id, action: 'detokenize' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'detokenize',
      outcome: 'success',
      statusCode: 200,
      tokenId: row.id,
      requestId: response.headers.get('x-request-id'),
      projectId: vault.tenants.test.projectId,
      applicationId: vault.tenants.test.applicationId,
      ip: '127.0.0.1',
    });
    expect(JSON.stringify(audit)).not.toContain('4242424242424242');
  });
});

describe('POST /detokenize — errors', () => {
  const table: [string, unknown, number, string, string][] = [
    ['unknown token', { token: 'tok_000000000000000000000000' }, 404, 'token_not_found', 'Token not found'],
    ['malformed token', { token: 'not-a-token' }, 404, 'token_not_found', 'Token not found'],
    ['a card number instead of a token', { token: '4242424242424242' }, 404, 'token_not_found', 'Token not found'],
  ];

  it.each(table)('%s → %i %s', async (_name, json, status, code, message) => {
    const response = await vault.call('POST', '/detokenize', { json });
    expect(response.status).toBe(status);
    expect(response.json).toEqual({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
  });

  const invalid: [string, unknown, string[]][] = [
    ['missing token', {}, ['token']],
    ['empty token', { token: '' }, ['token']],
    ['token not a string', { token: 42 }, ['token']],
    ['unknown field', { token: 'tok_000000000000000000000000', cvv: true }, ['cvv']],
  ];

  it.each(invalid)('%s → 400 validation_error %j', async (_name, json, paths) => {
    const response = await vault.call('POST', '/detokenize', { json });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ success: false, error: { code: 'validation_error' }, request_id: response.headers.get('x-request-id') });
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
  });

  it('a missing token and a token of the wrong type say so apart', async () => {
    const messages = async (json: unknown) => (await vault.call('POST', '/detokenize', { json })).json.error.fields.map((field: { message: string }) => field.message);
    expect(await messages({})).toEqual(['token is required']);
    expect(await messages({ token: 12345 })).toEqual(['token must be a string']);
  });

  it('malformed JSON → 400 invalid_json; form body → 415', async () => {
    const malformed = await vault.call('POST', '/detokenize', { body: '{"token":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toEqual({ code: 'invalid_json', message: 'Request body is not valid JSON' });
    const form = await vault.call('POST', '/detokenize', { body: 'token=tok_x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
  });

  it('an unknown token is audited as a failure without a token id', async () => {
    const response = await vault.call('POST', '/detokenize', { json: { token: 'tok_000000000000000000000001' } });
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'detokenize', outcome: 'failure', statusCode: 404, tokenId: null, projectId: vault.tenants.test.projectId });
  });
});

describe('POST /detokenize — security', () => {
  let token: string;
  beforeAll(async () => {
    token = await tokenize(card());
  });

  const table: [string, () => string | null, number, string, string][] = [
    ['missing key', () => null, 401, 'invalid_api_key', 'Invalid API key'],
    ['unknown key', () => 'vk_test_000000000000000000000000000000ab', 401, 'invalid_api_key', 'Invalid API key'],
    ['garbage key', () => 'hello', 401, 'invalid_api_key', 'Invalid API key'],
    ['revoked key', () => vault.tenants.test.keys.revoked, 401, 'invalid_api_key', 'Invalid API key'],
    ['key without tokenization', () => vault.tenants.test.keys.noPermission, 403, 'insufficient_permissions', 'Insufficient permissions'],
    ['provisioning-only key', () => vault.tenants.test.keys.provisioningOnly, 403, 'insufficient_permissions', 'Insufficient permissions'],
    ['another project\'s key', () => vault.tenants.other.keys.full, 404, 'token_not_found', 'Token not found'],
    ['a production project\'s key', () => vault.tenants.production.keys.full, 404, 'token_not_found', 'Token not found'],
  ];

  it.each(table)('%s → %i %s', async (_name, key, status, code, message) => {
    const response = await vault.call('POST', '/detokenize', { json: { token }, key: key() });
    expect(response.status).toBe(status);
    expect(response.json).toEqual({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
    expect(response.text).not.toContain('4242424242424242');
  });

  it('another tenant gets the very same 404 body as for a token that does not exist', async () => {
    const theirs = await vault.call('POST', '/detokenize', { json: { token }, key: vault.tenants.other.keys.full });
    const missing = await vault.call('POST', '/detokenize', { json: { token: 'tok_000000000000000000000000' }, key: vault.tenants.other.keys.full });
    expect(theirs.status).toBe(missing.status);
    expect(theirs.json.error).toEqual(missing.json.error);
  });

  it('the owner can still reveal it afterwards', async () => {
    const response = await vault.call('POST', '/detokenize', { json: { token } });
    expect(response.status).toBe(200);
  });
});
