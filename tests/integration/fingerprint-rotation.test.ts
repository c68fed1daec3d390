// Issue 21 §3, "Fingerprint keys can rotate": `vault keys rotate-data-key --project ID --fingerprints` gives the
// project a new fingerprint key and recomputes every token's fingerprint from its decrypted number, in
// batches, resumably, audited. The same card still matches the same card afterwards; nothing matches what
// the old key computed; the GET /api/tokens fingerprint filter finds the card's tokens from before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearApiKeyCache } from '../../lib/api-keys/api-key-cache';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { rotateFingerprintKey } from '../../lib/key-rotation/rotate-fingerprint-key';
import { loginAs } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';

const CARD_X = '4000056655665556';
const CARD_Y = '5555555555554444';

let vault: TestVault;
let jwt: string;
let project: { id: string; key: string };

beforeAll(async () => {
  vault = await startTestVault();
  const users = await seedUsers(vault, 'fingerprints');
  jwt = await loginAs(vault, users.viewer.email);
  const created = await createProject(vault.runtime, { accountId: users.accountId, name: 'fingerprint project', environment: 'test' });
  const app = await createApplication(vault.runtime, { projectId: created.id, environment: 'test', name: 'fingerprint app', permissions: { tokenization: true, provisioning: false } });
  project = { id: created.id, key: app.apiKey };
});
afterAll(() => vault?.close());

const tokenize = async (cardNumber: string) => {
  const response = await vault.call('POST', '/tokenize', { key: project.key, json: cardRequest({ cardNumber }) });
  expect(response.status).toBe(201);
  return response.json as { token: string; fingerprint: string };
};
const listByFingerprint = async (fingerprint: string): Promise<string[]> => {
  const response = await vault.call('GET', `/api/tokens?project_id=${project.id}&fingerprint=${fingerprint}`, { key: null, headers: { authorization: `Bearer ${jwt}` } });
  expect(response.status).toBe(200);
  return response.json.data.map((item: { token: string }) => item.token).sort();
};
const storedFingerprints = async () =>
  new Map(
    (await vault.runtime.db.sql.query<{ token: string; fingerprint: string }>('SELECT token, fingerprint FROM tokens WHERE project_id = $1::uuid', [project.id])).map((row) => [
      row.token,
      row.fingerprint,
    ]),
  );

describe('vault keys rotate-data-key --fingerprints', () => {
  it('the same card matches the same card afterwards, under a fingerprint nothing before used; other cards differ', async () => {
    const x1 = await tokenize(CARD_X);
    const y1 = await tokenize(CARD_Y);
    const x2 = await tokenize(CARD_X);
    expect(x2.fingerprint).toBe(x1.fingerprint);

    const rotated = await rotateFingerprintKey(vault.runtime, { projectId: project.id, batchSize: 2, settleMs: 0 });
    expect(rotated).toEqual({ projectId: project.id, version: 2, tokens: 3, resumed: false });
    clearApiKeyCache();

    const x3 = await tokenize(CARD_X);
    expect(x3.fingerprint).not.toBe(x1.fingerprint);
    const stored = await storedFingerprints();
    expect(stored.get(x1.token)).toBe(x3.fingerprint);
    expect(stored.get(x2.token)).toBe(x3.fingerprint);
    expect(stored.get(y1.token)).not.toBe(y1.fingerprint);
    expect(stored.get(y1.token)).not.toBe(x3.fingerprint);
    expect((await tokenize(CARD_Y)).fingerprint).toBe(stored.get(y1.token));

    // The filter finds the card's tokens from before and after the rotation; the old fingerprint finds nothing.
    expect(await listByFingerprint(x3.fingerprint)).toEqual([x1.token, x2.token, x3.token].sort());
    expect(await listByFingerprint(x1.fingerprint)).toEqual([]);

    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { projectId: project.id, action: { startsWith: 'keys.' } }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((row) => [row.action, row.resource, row.outcome])).toEqual([
      ['keys.rotate_fingerprint_key', `project:${project.id}:fingerprint-key-v2`, 'success'],
      ['keys.refingerprint', `project:${project.id}:fingerprint-key-v2`, 'success'],
    ]);
  });

  it('resumes after a crash: the same key, the rest of the tokens, then done', async () => {
    const before = await storedFingerprints();
    const tokens = [...before.keys()];
    // A crash in the middle of a third rotation: key v3 stored, the cursor at the first token (in id order).
    const { sql } = vault.runtime.db;
    await rotateFingerprintKey(vault.runtime, { projectId: project.id, settleMs: 0 });
    const [first] = await sql.query<{ id: string }>('SELECT id FROM tokens WHERE project_id = $1::uuid ORDER BY id LIMIT 1', [project.id]);
    const { fingerprintKeyWrapped } = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: project.id }, select: { fingerprintKeyWrapped: true } });
    await sql.query(`UPDATE tokens SET fingerprint = 'stale' WHERE project_id = $1::uuid AND id > $2::uuid`, [project.id, first!.id]);
    await sql.query('UPDATE projects SET fingerprint_rekey_cursor = $2::uuid, fingerprint_rekey_started_at = now() WHERE id = $1::uuid', [project.id, first!.id]);

    const resumed = await rotateFingerprintKey(vault.runtime, { projectId: project.id, settleMs: 0 });
    expect(resumed).toEqual({ projectId: project.id, version: 3, tokens: tokens.length - 1, resumed: true });
    const after = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: project.id }, select: { fingerprintKeyWrapped: true, fingerprintRekeyCursor: true } });
    expect(Buffer.from(after.fingerprintKeyWrapped!).equals(Buffer.from(fingerprintKeyWrapped!))).toBe(true);
    expect(after.fingerprintRekeyCursor).toBeNull();
    clearApiKeyCache();
    const x = await tokenize(CARD_X);
    const stored = await storedFingerprints();
    expect([...stored.values()].filter((value) => value === 'stale')).toEqual([]);
    expect(await listByFingerprint(x.fingerprint)).toHaveLength(4);
  });

  it('refuses an id that is not a project', async () => {
    await expect(rotateFingerprintKey(vault.runtime, { projectId: 'nope' })).rejects.toThrow('--project must be a project id (a UUID)');
    await expect(rotateFingerprintKey(vault.runtime, { projectId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow('No project 00000000-0000-4000-8000-000000000000');
  });
});
