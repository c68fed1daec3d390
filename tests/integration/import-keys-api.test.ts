// The import keys API (issue 26): GET /api/import-keys, POST /api/import-keys, POST
// /api/import-keys/{fingerprint}/revoke. Create and revoke: the owner only, in an MFA-verified session
// (an owner without MFA: 403 mfa_required), audited; the list: owners and admins. Another account's
// project or key is 404. The security table covers every route.
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImportDecryptionKeys } from '../../lib/imports/import-keys';
import { expectError, expectUnauthorized, managementCall, startManagementVault, type ManagementVault } from '../helpers/management';
import type { ApiResponse } from '../helpers/test-vault';
import type { Role } from '../helpers/users';

let m: ManagementVault;
let projectId: string;
beforeAll(async () => {
  m = await startManagementVault('import-keys');
  projectId = m.vault.tenants.test.projectId;
  // The owner has MFA on: their sessions were verified with it (sign-in asks every user with MFA for it).
  await m.vault.runtime.db.prisma.user.update({ where: { id: m.users.owner.id }, data: { mfaEnabled: true } });
  await m.vault.runtime.db.prisma.user.update({ where: { id: m.users.admin.id }, data: { mfaEnabled: true } });
}, 60_000);
afterAll(async () => m?.vault.close());

const api = (who: Role | 'stranger' | null, method: string, path: string, options: { json?: unknown; cookie?: boolean; headers?: Record<string, string> } = {}) =>
  managementCall(m.vault, who === null ? null : who === 'stranger' ? m.stranger.token : m.jwts[who], method, path, options);
const auditRow = (response: ApiResponse) => m.vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

async function createKey(body: Record<string, unknown> = {}) {
  const response = await api('owner', 'POST', '/api/import-keys', { json: { project_id: projectId, ...body } });
  expect(response.status, response.text).toBe(201);
  return response;
}

describe('POST /api/import-keys', () => {
  it('makes a Curve25519 key pair: 201 with the armored public key and its fingerprint; the private key opens what is encrypted to it; audited', async () => {
    const response = await createKey();
    const key = response.json.data;
    expect(Object.keys(key).sort()).toEqual(['algorithm', 'created_at', 'fingerprint', 'project_id', 'public_key', 'revoked_at']);
    expect(key).toMatchObject({ project_id: projectId, algorithm: 'curve25519', revoked_at: null });
    expect(key.fingerprint).toMatch(/^[0-9a-f]{40}$/);
    expect(key.public_key).toMatch(/^-----BEGIN PGP PUBLIC KEY BLOCK-----/);
    const publicKey = await openpgp.readKey({ armoredKey: key.public_key });
    expect(publicKey.isPrivate()).toBe(false);
    expect(publicKey.getFingerprint()).toBe(key.fingerprint);
    // Nothing private in the answer.
    expect(response.text).not.toContain('PRIVATE KEY');
    const encrypted = await openpgp.encrypt({ message: await openpgp.createMessage({ text: 'card_number,exp_month,exp_year\n' }), encryptionKeys: publicKey });
    const keys = await openImportDecryptionKeys(m.vault.runtime, projectId);
    const { data } = await openpgp.decrypt({ message: await openpgp.readMessage({ armoredMessage: encrypted }), decryptionKeys: keys.map((k) => k.key) });
    expect(data).toBe('card_number,exp_month,exp_year\n');
    expect(await auditRow(response)).toMatchObject({ action: 'import_key.create', outcome: 'success', statusCode: 201, userId: m.users.owner.id, projectId, resource: `import_key:${key.fingerprint}` });
    const [row] = await m.vault.runtime.db.sql.query<{ created_by: string }>('SELECT created_by FROM import_keys WHERE fingerprint = $1', [key.fingerprint]);
    expect(row!.created_by).toBe(m.users.owner.id);
  });

  it('algorithm rsa4096 makes an RSA-4096 key', async () => {
    const key = (await createKey({ algorithm: 'rsa4096' })).json.data;
    expect(key.algorithm).toBe('rsa4096');
    const info = (await openpgp.readKey({ armoredKey: key.public_key })).getAlgorithmInfo() as { algorithm: string; bits: number };
    expect(info).toMatchObject({ algorithm: 'rsaEncryptSign', bits: 4096 });
  }, 60_000);

  it('400 for an unknown algorithm or a missing project_id', async () => {
    const bad = await api('owner', 'POST', '/api/import-keys', { json: { project_id: projectId, algorithm: 'dsa' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toEqual([{ path: 'algorithm', message: 'algorithm must be curve25519 or rsa4096' }]);
    const missing = await api('owner', 'POST', '/api/import-keys', { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual([{ path: 'project_id', message: 'project_id is required' }]);
  });
});

describe('GET /api/import-keys and revoke', () => {
  it('lists the project\'s keys newest first; revoke stamps revoked_at once, is audited, and the key opens nothing more', async () => {
    const first = (await createKey()).json.data;
    const second = (await createKey()).json.data;
    const listed = await api('admin', 'GET', `/api/import-keys?project_id=${projectId}`);
    expect(listed.status).toBe(200);
    const fingerprints = listed.json.data.map((key: { fingerprint: string }) => key.fingerprint);
    expect(fingerprints.indexOf(second.fingerprint)).toBeLessThan(fingerprints.indexOf(first.fingerprint));
    expect(fingerprints.indexOf(second.fingerprint)).toBeGreaterThanOrEqual(0);

    // Upper case with spaces, as a user may paste it.
    const spaced = first.fingerprint.toUpperCase().replace(/(.{4})/g, '$1 ').trim();
    const revoked = await api('owner', 'POST', `/api/import-keys/${encodeURIComponent(spaced)}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.data).toMatchObject({ fingerprint: first.fingerprint, revoked_at: expect.any(String) });
    expect(await auditRow(revoked)).toMatchObject({ action: 'import_key.revoke', outcome: 'success', projectId, resource: `import_key:${first.fingerprint}` });
    const again = await api('owner', 'POST', `/api/import-keys/${first.fingerprint}/revoke`);
    expect(again.json.data.revoked_at).toBe(revoked.json.data.revoked_at);
    expect((await openImportDecryptionKeys(m.vault.runtime, projectId)).map((key) => key.fingerprint)).not.toContain(first.fingerprint);
    const after = await api('owner', 'GET', `/api/import-keys?project_id=${projectId}`);
    expect(after.json.data.find((key: { fingerprint: string }) => key.fingerprint === first.fingerprint).revoked_at).toBe(revoked.json.data.revoked_at);
  });

  it('404 for a key that does not exist', async () => {
    expectError(await api('owner', 'POST', `/api/import-keys/${'a'.repeat(40)}/revoke`), 404, 'not_found', 'Import key not found');
    expectError(await api('owner', 'POST', '/api/import-keys/not-hex/revoke'), 404, 'not_found', 'Import key not found');
  });
});

describe('security table', () => {
  it('every route: no session 401; another account\'s project or key 404; a cross-site cookie request 403', async () => {
    const key = (await createKey()).json.data;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/import-keys?project_id=${projectId}`],
      ['POST', '/api/import-keys', { project_id: projectId }],
      ['POST', `/api/import-keys/${key.fingerprint}/revoke`],
    ];
    for (const [method, path, json] of routes) expectUnauthorized(await api(null, method, path, { json }));
    // Another account's owner: the project and the key do not exist for them.
    await m.vault.runtime.db.prisma.user.update({ where: { id: m.stranger.userId }, data: { mfaEnabled: true } });
    expectError(await api('stranger', 'GET', `/api/import-keys?project_id=${projectId}`), 404, 'not_found', 'Project not found');
    expectError(await api('stranger', 'POST', '/api/import-keys', { json: { project_id: projectId } }), 404, 'not_found', 'Project not found');
    expectError(await api('stranger', 'POST', `/api/import-keys/${key.fingerprint}/revoke`), 404, 'not_found', 'Import key not found');
    // Cross-site cookie requests (the mutations), before any effect.
    const crossSite = { cookie: true, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } };
    expectError(await api('owner', 'POST', '/api/import-keys', { json: { project_id: projectId }, ...crossSite }), 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    expectError(await api('owner', 'POST', `/api/import-keys/${key.fingerprint}/revoke`, crossSite), 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    expect((await api('owner', 'GET', `/api/import-keys?project_id=${projectId}`)).json.data.find((k: { fingerprint: string }) => k.fingerprint === key.fingerprint).revoked_at).toBeNull();
    // From the app's own origin the cookie works.
    const sameSite = await api('owner', 'POST', `/api/import-keys/${key.fingerprint}/revoke`, { cookie: true, headers: { origin: m.vault.runtime.config.APP_URL } });
    expect(sameSite.status, sameSite.text).toBe(200);
  });

  it('create and revoke: only the owner (admin, developer, viewer 403, audited); list: owner and admin', async () => {
    const key = (await createKey()).json.data;
    const before = await m.vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM import_keys WHERE project_id = $1::uuid', [projectId]);
    for (const role of ['admin', 'developer', 'viewer'] as const) {
      const created = await api(role, 'POST', '/api/import-keys', { json: { project_id: projectId } });
      expectError(created, 403, 'insufficient_permissions', 'Insufficient permissions');
      expect(await auditRow(created)).toMatchObject({ action: 'import_key.create', outcome: 'failure', statusCode: 403, userId: m.users[role].id });
      expectError(await api(role, 'POST', `/api/import-keys/${key.fingerprint}/revoke`), 403, 'insufficient_permissions', 'Insufficient permissions');
    }
    const after = await m.vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM import_keys WHERE project_id = $1::uuid', [projectId]);
    expect(after).toEqual(before);
    expect((await api('admin', 'GET', `/api/import-keys?project_id=${projectId}`)).status).toBe(200);
    for (const role of ['developer', 'viewer'] as const) expectError(await api(role, 'GET', `/api/import-keys?project_id=${projectId}`), 403, 'insufficient_permissions', 'Insufficient permissions');
  });

  it('an owner without MFA: 403 mfa_required with its message, audited, nothing made or revoked', async () => {
    const key = (await createKey()).json.data;
    await m.vault.runtime.db.prisma.user.update({ where: { id: m.users.owner.id }, data: { mfaEnabled: false } });
    try {
      const created = await api('owner', 'POST', '/api/import-keys', { json: { project_id: projectId } });
      expectError(created, 403, 'mfa_required', 'This action needs a session verified with MFA: turn on MFA and sign in again');
      expect(await auditRow(created)).toMatchObject({ action: 'import_key.create', outcome: 'failure', statusCode: 403 });
      expectError(await api('owner', 'POST', `/api/import-keys/${key.fingerprint}/revoke`), 403, 'mfa_required', 'This action needs a session verified with MFA: turn on MFA and sign in again');
      expect((await api('owner', 'GET', `/api/import-keys?project_id=${projectId}`)).json.data.find((k: { fingerprint: string }) => k.fingerprint === key.fingerprint).revoked_at).toBeNull();
    } finally {
      await m.vault.runtime.db.prisma.user.update({ where: { id: m.users.owner.id }, data: { mfaEnabled: true } });
    }
  });
});
