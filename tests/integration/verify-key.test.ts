// GET /api/applications/key: any valid key is described (permissions included); anything else is the
// one 401 body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVault, type TestVault } from '../helpers/test-vault';

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault();
});
afterAll(() => vault?.close());

async function applicationOf(key: string) {
  return vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { keyHash: vault.runtime.keyring.hashSecret(key) }, select: { id: true, name: true, projectId: true } });
}

describe('GET /api/applications/key — happy', () => {
  it('a full key: 200 with exactly success, message and the key\'s data', async () => {
    const { test } = vault.tenants;
    const response = await vault.call('GET', '/api/applications/key', { key: test.keys.full });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      message: 'API key is valid',
      data: {
        project_id: test.projectId,
        application_id: test.applicationId,
        name: 'full',
        permissions: { tokenization: { allowed: true }, detokenize: { allowed: true }, provisioning: { allowed: false }, search: { allowed: false } },
      },
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });

  const table: [string, (t: TestVault['tenants']) => string, 'test' | 'production' | 'other', string, boolean, boolean][] = [
    ['no-permission key', (t) => t.test.keys.noPermission, 'test', 'no permission', false, false],
    ['provisioning-only key', (t) => t.test.keys.provisioningOnly, 'test', 'provisioning only', false, true],
    ['production key without pub key', (t) => t.production.keys.full, 'production', 'full', true, false],
    ['another project\'s key', (t) => t.other.keys.full, 'other', 'full', true, false],
  ];

  it.each(table)('%s → 200 with its own project, application and permissions', async (_name, keyOf, tenant, name, tokenization, provisioning) => {
    const key = keyOf(vault.tenants);
    const application = await applicationOf(key);
    const response = await vault.call('GET', '/api/applications/key', { key });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      message: 'API key is valid',
      data: {
        project_id: vault.tenants[tenant].projectId,
        application_id: application.id,
        name,
        permissions: { tokenization: { allowed: tokenization }, detokenize: { allowed: tokenization }, provisioning: { allowed: provisioning }, search: { allowed: false } },
      },
    });
    expect(application.projectId).toBe(vault.tenants[tenant].projectId);
  });

  it('a production key with a wrong pub key is still 200 (verify-key never looks at it)', async () => {
    const response = await vault.call('GET', '/api/applications/key', { key: vault.tenants.production.keys.full, pubKey: 'pk_live_wrong' });
    expect(response.status).toBe(200);
    expect(response.json.data.project_id).toBe(vault.tenants.production.projectId);
  });

  it('surrounding whitespace in the key is tolerated', async () => {
    const response = await vault.call('GET', '/api/applications/key', { key: null, headers: { 'x-api-key': `  ${vault.tenants.test.keys.full} ` } });
    expect(response.status).toBe(200);
  });

  it('HEAD answers like GET without a body', async () => {
    const response = await vault.call('HEAD', '/api/applications/key');
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
  });

  it('is audited as api_key.verify', async () => {
    const response = await vault.call('GET', '/api/applications/key');
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'api_key.verify', outcome: 'success', statusCode: 200, projectId: vault.tenants.test.projectId, applicationId: vault.tenants.test.applicationId });
  });
});

describe('GET /api/applications/key — security', () => {
  const table: [string, () => { key: string | null; headers?: Record<string, string> }][] = [
    ['missing key', () => ({ key: null })],
    ['empty key', () => ({ key: '' })],
    ['unknown key', () => ({ key: 'vk_test_000000000000000000000000000000ab' })],
    ['unknown live key', () => ({ key: 'vk_live_000000000000000000000000000000ab' })],
    ['garbage key', () => ({ key: 'hello' })],
    ['revoked key', () => ({ key: vault.tenants.test.keys.revoked })],
    ['revoked production key', () => ({ key: vault.tenants.production.keys.revoked })],
    ['the pub key sent as the API key', () => ({ key: vault.tenants.production.pubKey! })],
    ['a valid key with one character changed', () => ({ key: vault.tenants.test.keys.full.slice(0, -1) + (vault.tenants.test.keys.full.endsWith('a') ? 'b' : 'a') })],
    ['the key as a bearer token instead of X-API-Key', () => ({ key: null, headers: { authorization: `Bearer ${vault.tenants.test.keys.full}` } })],
  ];

  it.each(table)('%s → 401 with the exact error body', async (_name, credentials) => {
    const response = await vault.call('GET', '/api/applications/key', credentials());
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/.+/);
    expect(response.json).toEqual({ success: false, error: { code: 'invalid_api_key', message: 'Invalid API key' }, request_id: requestId });
  });

  it('a caller-chosen X-Request-Id is the request_id of the 401', async () => {
    const response = await vault.call('GET', '/api/applications/key', { key: null, headers: { 'x-request-id': 'verify-req-42' } });
    expect(response.headers.get('x-request-id')).toBe('verify-req-42');
    expect(response.json.request_id).toBe('verify-req-42');
  });

  it('a refused key is audited as a failure with no project', async () => {
    const response = await vault.call('GET', '/api/applications/key', { key: vault.tenants.test.keys.revoked });
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'api_key.verify', outcome: 'failure', statusCode: 401, projectId: null, applicationId: null });
  });

  it('POST is not allowed: 405 with Allow: GET', async () => {
    const response = await vault.call('POST', '/api/applications/key', { json: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.json.error.code).toBe('method_not_allowed');
  });
});
