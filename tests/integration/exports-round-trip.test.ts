// Issue 26's round trip: project A's cards are exported (requested, approved by a second owner, downloaded)
// to project B's import key, and the very file is imported into B with the import engine. Every card then
// reveals the same data in B as in A, and the fingerprints tell the same cards apart (two tokens of one card
// in A share a fingerprint in B too; different cards do not). The file is imported as exported, with no
// renames: its `token` column becomes B's `external_id` (its own external_id is empty), so the mapping names
// each old token's new one and a second import of the file skips every row; its `fingerprint` (A's key) is
// ignored.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '@/lib/applications/create-application';
import { createImport } from '@/lib/imports/create-import';
import { createImportKey } from '@/lib/imports/import-keys';
import { runImport } from '@/lib/imports/run-import';
import { createProject } from '@/lib/projects/create-project';
import { cardRequest } from '../helpers/fixtures';
import { addOwner, detokenized, download, turnOnMfa } from '../helpers/exports';
import { managementCall, startManagementVault, type ManagementVault } from '../helpers/management';

let m: ManagementVault;
let owner2: { id: string; jwt: string };
beforeAll(async () => {
  m = await startManagementVault('export-round-trip');
  owner2 = await addOwner(m.vault, m.users.accountId, 'export-round-trip');
  await turnOnMfa(m.vault, [m.users.owner.id, owner2.id]);
}, 60_000);
afterAll(async () => m?.vault.close());

async function project(name: string) {
  const created = await createProject(m.vault.runtime, { accountId: m.users.accountId, name, environment: 'test' });
  const app = await createApplication(m.vault.runtime, { projectId: created.id, environment: 'test', name: 'round trip', permissions: { tokenization: true, provisioning: false } });
  return { id: created.id, key: app.apiKey };
}

describe('export → import round trip', () => {
  it('imports an export of project A into project B: the same cards, the same fingerprint classes, and a re-import skips them all', async () => {
    const a = await project('Round trip A');
    const b = await project('Round trip B');
    const numbers = ['4242424242424242', '5555555555554444', '378282246310005', '4242424242424242'];
    const tokens: string[] = [];
    for (const [index, cardNumber] of numbers.entries()) {
      const created = await m.vault.call('POST', '/tokenize', { key: a.key, json: { ...cardRequest({ cardNumber, ...(index === 0 ? { firstName: 'Ada', lastName: 'Lovelace' } : {}) }), metadata: { plan: `p${index}` } } });
      expect(created.status, created.text).toBe(201);
      tokens.push(created.json.token);
    }
    const importKey = await createImportKey(m.vault.runtime, { projectId: b.id, algorithm: 'curve25519' });
    const requested = await managementCall(m.vault, m.jwts.owner, 'POST', '/api/exports', { json: { project_id: a.id, recipient_public_key: importKey.public_key, all: true } });
    expect(requested.status, requested.text).toBe(201);
    expect((await managementCall(m.vault, owner2.jwt, 'POST', `/api/exports/${requested.json.data.id}/approve`)).status).toBe(200);
    const file = await download(m.vault, owner2.jwt, requested.json.data.id);
    expect(file.status).toBe(200);

    const runOnce = async () => {
      const { id } = await createImport(m.vault.runtime, { projectId: b.id, source: 'cli', format: 'csv', options: {} });
      return runImport(m.vault.runtime, { importId: id, source: () => Readable.from([Buffer.from(file.body)]), workerId: 'round-trip' });
    };
    const first = await runOnce();
    expect(first).toMatchObject({ status: 'completed', rows_total: 4, rows_imported: 4, rows_skipped: 0, rows_failed: 0 });

    const inA = await detokenized(m.vault, a.key, tokens);
    const imported = await m.vault.runtime.db.sql.query<{ token: string; external_id: string; fingerprint: string }>('SELECT token, external_id, fingerprint FROM tokens WHERE project_id = $1::uuid', [b.id]);
    expect(imported.map((row) => row.external_id).sort()).toEqual([...tokens].sort());
    const inB = await detokenized(m.vault, b.key, imported.map((row) => row.token));
    const fingerprintsA = await m.vault.runtime.db.sql.query<{ token: string; fingerprint: string }>('SELECT token, fingerprint FROM tokens WHERE project_id = $1::uuid', [a.id]);
    const fingerprintA = new Map(fingerprintsA.map((row) => [row.token, row.fingerprint]));
    const fingerprintB = new Map(imported.map((row) => [row.external_id, row.fingerprint]));
    for (const row of imported) {
      // The same card data as in A (number, expiry, cardholder name).
      expect(inB.get(row.token)).toEqual(inA.get(row.external_id));
      const revealed = await m.vault.call('POST', '/detokenize', { key: b.key, json: { token: row.token } });
      expect(revealed.json.metadata).toEqual({ plan: `p${tokens.indexOf(row.external_id)}` });
    }
    // Equal fingerprints in B exactly where they were equal in A (the same card twice: tokens 0 and 3).
    for (const one of tokens) {
      for (const other of tokens) expect(fingerprintB.get(one) === fingerprintB.get(other)).toBe(fingerprintA.get(one) === fingerprintA.get(other));
    }
    expect(fingerprintB.get(tokens[0]!)).toBe(fingerprintB.get(tokens[3]!));

    // The same file again: every row's external_id is already there, nothing new is stored.
    const again = await runOnce();
    expect(again).toMatchObject({ status: 'completed', rows_imported: 0, rows_skipped: 4, rows_failed: 0 });
  }, 60_000);
});
