// POST /tokenize: happy, error and security tables, plus what is stored (and what is not).
import { PROJECT_KEY_COLUMNS } from '../../lib/crypto/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { newEventId } from '../../lib/events/record-event';
import { insertTokenWithAudit } from '../../lib/vault/insert-token';
import { openPayload } from '../../lib/vault/token-payload';
import { inTenantProjects, startTestVault, type TestVault } from '../helpers/test-vault';
import { cardRequest } from '../helpers/fixtures';

const CANARY = '4000056655665556';
const card = cardRequest;

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault();
});
afterAll(() => vault?.close());

describe('POST /tokenize — happy', () => {
  it('tokenizes a card with a CVV: 201 with every field and a CVC session', async () => {
    const response = await vault.call('POST', '/tokenize', { json: card({ cvv: '123' }) });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      token: expect.stringMatching(/^tok_[0-9A-Za-z]{24}$/),
      cvc_session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'card',
      mask: '424242******4242',
      bin: '424242',
      last4: '4242',
      brand: 'visa',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      test_mode: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('tokenizes a card without CVV: no cvc_session_id', async () => {
    const response = await vault.call('POST', '/tokenize', { json: card({ cardNumber: '5555 5555 5555 4444' }) });
    expect(response.status).toBe(201);
    expect(response.json).not.toHaveProperty('cvc_session_id');
    expect(response.json).toMatchObject({ brand: 'mastercard', mask: '555555******4444', bin: '555555', last4: '4444' });
  });

  it('tokenizes a bank account', async () => {
    const response = await vault.call('POST', '/tokenize', {
      json: { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Jane Doe', accountType: 'checking' } },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ success: true, type: 'bank', mask: '********6789', last4: '6789', test_mode: true });
    expect(response.json).not.toHaveProperty('bin');
    expect(response.json).not.toHaveProperty('brand');
  });

  it('never shows a whole account number: a 4-digit account has no visible digits', async () => {
    const response = await vault.call('POST', '/tokenize', { json: { type: 'bank', data: { accountNumber: '1234', routingNumber: '110000000' } } });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ mask: '****', last4: '' });
  });

  it('gives the same fingerprint for the same card within a project, another in another project', async () => {
    const first = await vault.call('POST', '/tokenize', { json: card() });
    const second = await vault.call('POST', '/tokenize', { json: card({ expirationYear: '31' }) });
    const elsewhere = await vault.call('POST', '/tokenize', { json: card(), key: vault.tenants.other.keys.full });
    expect(first.json.token).not.toBe(second.json.token);
    expect(first.json.fingerprint).toBe(second.json.fingerprint);
    expect(elsewhere.json.fingerprint).not.toBe(first.json.fingerprint);
  });

  it('accepts a production key with its pub key, and marks the token live', async () => {
    const { keys, pubKey } = vault.tenants.production;
    const response = await vault.call('POST', '/tokenize', { json: card(), key: keys.full, pubKey });
    expect(response.status).toBe(201);
    expect(response.json.test_mode).toBe(false);
  });

  it('stores only ciphertext: no PAN in the row, the CVV nowhere in PostgreSQL', async () => {
    const response = await vault.call('POST', '/tokenize', { json: card({ cardNumber: CANARY, cvv: '987' }) });
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token }, omit: { ciphertext: false } });
    const stored = JSON.stringify({ ...row, ciphertext: Buffer.from(row.ciphertext!).toString('latin1') });
    expect(stored).not.toContain(CANARY);
    expect(row).toMatchObject({ mask: '400005******5556', bin: '400005', last4: '5556', brand: 'visa', type: 'card' });
    // The encrypted payload holds the card, never the CVV.
    const project = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId }, select: PROJECT_KEY_COLUMNS });
    const keys = vault.runtime.keyring.projectKeys(project);
    expect(row.keyVersion).toBe(1);
    expect(openPayload(keys.encryption, { projectId: project.id, tokenId: row.id, keyVersion: row.keyVersion }, row.ciphertext!)).toEqual({ type: 'card', cardNumber: CANARY, expirationMonth: '12', expirationYear: '2030' });
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { tokenId: row.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'tokenize', outcome: 'success', statusCode: 201, projectId: vault.tenants.test.projectId });
    expect(JSON.stringify(audit)).not.toContain(CANARY);
  });
});

describe('POST /tokenize — errors', () => {
  const table: [string, unknown, number, string, string[]][] = [
    ['Luhn failure', card({ cardNumber: '4242424242424241' }), 400, 'validation_error', ['data.cardNumber']],
    ['too short', card({ cardNumber: '42424242424' }), 400, 'validation_error', ['data.cardNumber']],
    ['too long', card({ cardNumber: '42424242424242424242' }), 400, 'validation_error', ['data.cardNumber']],
    ['month 13', card({ expirationMonth: '13' }), 400, 'validation_error', ['data.expirationMonth']],
    ['month 1 digit', card({ expirationMonth: '1' }), 400, 'validation_error', ['data.expirationMonth']],
    ['year 3 digits', card({ expirationYear: '203' }), 400, 'validation_error', ['data.expirationYear']],
    ['cvv 2 digits', card({ cvv: '12' }), 400, 'validation_error', ['data.cvv']],
    ['cvv 5 digits', card({ cvv: '12345' }), 400, 'validation_error', ['data.cvv']],
    ['missing card number', { type: 'card', data: { expirationMonth: '12', expirationYear: '30' } }, 400, 'validation_error', ['data.cardNumber']],
    ['unknown type', { type: 'crypto', data: {} }, 400, 'validation_error', ['type']],
    ['bad routing checksum', { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000001' } }, 400, 'validation_error', ['data.routingNumber']],
    ['bad account type', { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000', accountType: 'brokerage' } }, 400, 'validation_error', ['data.accountType']],
    ['several fields at once', card({ cardNumber: '4242424242424241', expirationMonth: '00' }), 400, 'validation_error', ['data.cardNumber', 'data.expirationMonth']],
  ];

  it.each(table)('%s → %i %s', async (_name, body, status, code, paths) => {
    const response = await vault.call('POST', '/tokenize', { json: body });
    expect(response.status).toBe(status);
    expect(response.json).toMatchObject({ success: false, error: { code }, request_id: response.headers.get('x-request-id') });
    expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual(paths);
  });

  it('never echoes the card number in a validation error', async () => {
    const response = await vault.call('POST', '/tokenize', { json: card({ cardNumber: '4000056655665557' }) });
    expect(response.status).toBe(400);
    expect(response.text).not.toContain('4000056655665557');
  });

  it('malformed JSON → 400 invalid_json', async () => {
    const response = await vault.call('POST', '/tokenize', { body: '{"type":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({ code: 'invalid_json', message: 'Request body is not valid JSON' });
  });

  it('wrong content type → 415', async () => {
    const response = await vault.call('POST', '/tokenize', { body: 'type=card', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expect(response.json.error.code).toBe('unsupported_media_type');
  });

  it('a body over 1 MiB → 413', async () => {
    const response = await vault.call('POST', '/tokenize', {
      body: JSON.stringify({ type: 'card', pad: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.json.error.code).toBe('payload_too_large');
  });

  it('nothing is stored when validation fails', async () => {
    const before = await vault.runtime.db.prisma.token.count({ where: inTenantProjects(vault) });
    await vault.call('POST', '/tokenize', { json: card({ cvv: '1' }) });
    expect(await vault.runtime.db.prisma.token.count({ where: inTenantProjects(vault) })).toBe(before);
  });
});

describe('POST /tokenize — security', () => {
  const production = () => vault.tenants.production;
  const table: [string, () => { key: string | null; pubKey?: string }, number, string][] = [
    ['missing key', () => ({ key: null }), 401, 'Invalid API key'],
    ['unknown key', () => ({ key: 'vk_test_000000000000000000000000000000ab' }), 401, 'Invalid API key'],
    ['garbage key', () => ({ key: 'hello' }), 401, 'Invalid API key'],
    ['revoked key', () => ({ key: vault.tenants.test.keys.revoked }), 401, 'Invalid API key'],
    ['key without tokenization', () => ({ key: vault.tenants.test.keys.noPermission }), 403, 'Insufficient permissions'],
    ['provisioning-only key', () => ({ key: vault.tenants.test.keys.provisioningOnly }), 403, 'Insufficient permissions'],
    ['production key without pub key', () => ({ key: production().keys.full }), 401, 'X-Pub-Key header is required for production API keys'],
    ['production key with a wrong pub key', () => ({ key: production().keys.full, pubKey: 'pk_live_wrong' }), 401, 'Invalid pub key'],
    ['production key with another project\'s pub key', () => ({ key: production().keys.full, pubKey: 'pk_live_' + 'a'.repeat(32) }), 401, 'Invalid pub key'],
  ];

  it.each(table)('%s → %i %s', async (_name, credentials, status, message) => {
    const response = await vault.call('POST', '/tokenize', { json: card(), ...credentials() });
    expect(response.status).toBe(status);
    expect(response.json).toEqual({ success: false, error: { code: expect.any(String), message }, request_id: response.headers.get('x-request-id') });
  });

  it('a test key never needs a pub key, and ignores one', async () => {
    const response = await vault.call('POST', '/tokenize', { json: card(), pubKey: 'anything' });
    expect(response.status).toBe(201);
  });

  it('records failed attempts in the audit log', async () => {
    const response = await vault.call('POST', '/tokenize', { json: card(), key: vault.tenants.test.keys.noPermission });
    const row = await vault.runtime.db.prisma.auditLog.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ action: 'tokenize', outcome: 'failure', statusCode: 403, projectId: vault.tenants.test.projectId, ip: '127.0.0.1' });
  });
});

describe('POST /tokenize — group commit', () => {
  it('concurrent requests share statements: every caller gets its own token, stored with exactly its own audit row', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => vault.call('POST', '/tokenize', { json: card({ expirationYear: String(2030 + (i % 5)) }) })));
    expect(responses.map((response) => response.status)).toEqual(Array(40).fill(201));
    const tokens = responses.map((response) => response.json.token as string);
    expect(new Set(tokens).size).toBe(40);
    const rows = await vault.runtime.db.prisma.token.findMany({ where: { token: { in: tokens } }, omit: { ciphertext: false } });
    expect(rows).toHaveLength(40);
    const project = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId }, select: PROJECT_KEY_COLUMNS });
    const keys = vault.runtime.keyring.projectKeys(project);
    for (const [i, response] of responses.entries()) {
      const row = rows.find((candidate) => candidate.token === response.json.token)!;
      // Each row holds its own caller's card (bytes intact through the batch) and its created_at.
      expect(openPayload(keys.encryption, { projectId: project.id, tokenId: row.id, keyVersion: row.keyVersion }, row.ciphertext!)).toMatchObject({ expirationYear: String(2030 + (i % 5)) });
      expect(row.createdAt.toISOString()).toBe(response.json.created_at);
      const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { tokenId: row.id } });
      expect(audit).toEqual([expect.objectContaining({ action: 'tokenize', outcome: 'success', requestId: response.headers.get('x-request-id'), createdAt: row.createdAt })]);
    }
  });

  it('a row that cannot be stored fails only its own caller; the others in its statement are written', async () => {
    const row = (projectId: string) => ({
      id: randomUUID(), token: `tok_${randomUUID().replaceAll('-', '').slice(0, 24)}`, projectId, applicationId: null, type: 'card' as const,
      ciphertext: new Uint8Array([1, 2, 3]), keyVersion: 1, mask: '424242******4242', bin: '424242', last4: '4242', brand: 'visa',
      fingerprint: 'f'.repeat(64), testMode: true, createdAt: new Date(), tokenFormat: 'random' as const,
    });
    const audit = { action: 'tokenize', outcome: 'success' as const, statusCode: 201, requestId: randomUUID(), accountId: null };
    const event = () => ({ eventOf: () => ({ id: newEventId(), body: '{}' }), nextValue: () => `tok_${randomUUID().replaceAll('-', '').slice(0, 24)}` });
    const good = [row(vault.tenants.test.projectId), row(vault.tenants.test.projectId)];
    const orphan = row(randomUUID()); // no such project: the foreign key refuses it
    // On PostgreSQL two rows first take both statements in flight, so the next three wait and go in one
    // statement together (PGlite writes each row alone: the outcome must be the same).
    const fillers = [row(vault.tenants.test.projectId), row(vault.tenants.test.projectId)].map((filler) => insertTokenWithAudit(vault.runtime, filler, audit, event()));
    const results = await Promise.allSettled([
      ...fillers,
      insertTokenWithAudit(vault.runtime, good[0]!, audit, event()),
      insertTokenWithAudit(vault.runtime, orphan, audit, event()),
      insertTokenWithAudit(vault.runtime, good[1]!, audit, event()),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await vault.runtime.db.prisma.token.count({ where: { id: { in: [...good, orphan].map((r) => r.id) } } })).toBe(2);
    expect(await vault.runtime.db.prisma.auditLog.count({ where: { tokenId: orphan.id } })).toBe(0);
  });
});
