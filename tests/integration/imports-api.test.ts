// The imports API (issue 26): POST /api/imports (the encrypted file as the raw body, streamed into 1 MiB
// chunks; 415, 400, 413), GET /api/imports and /api/imports/{id}, POST /api/imports/{id}/cancel, the report
// and mapping downloads, the background job running an upload end to end (and resuming one whose node
// died), and the security table of every route.
import { randomBytes } from 'node:crypto';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportKey } from '../../lib/imports/import-keys';
import { pickImport, runNextImport, startImportJob } from '../../lib/imports/import-job';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { expectError, expectUnauthorized } from '../helpers/management';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

const MAX = 3 * 1024 * 1024;
let database: OwnDatabase;
let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
const jwts = {} as Record<Role, string>;
let projectId: string;
let publicKey: openpgp.PublicKey;

// A database of its own: the background job takes any uploaded import, and the run's shared database holds
// other files' imports (the engine tests claim and release theirs).
beforeAll(async () => {
  database = await ownDatabase();
  vault = await startTestVault({ env: { ...database.env, IMPORT_MAX_BYTES: String(MAX) } });
  users = await seedUsers(vault, 'imports');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) jwts[role] = await loginAs(vault, users[role].email);
  stranger = await seedStranger(vault);
  projectId = vault.tenants.test.projectId;
  const key = await createImportKey(vault.runtime, { projectId, algorithm: 'curve25519' });
  publicKey = await openpgp.readKey({ armoredKey: key.public_key });
}, 60_000);
afterAll(async () => {
  await vault?.close();
  await database?.drop();
});

type Who = Role | 'stranger' | null;
const bearer = (who: Who): Record<string, string> => (who === null ? {} : { authorization: `Bearer ${who === 'stranger' ? stranger.token : jwts[who]}` });
const api = (who: Who, method: string, path: string, headers: Record<string, string> = {}) => vault.call(method, path, { key: null, headers: { ...bearer(who), ...headers } });
const upload = (who: Who, body: Uint8Array<ArrayBuffer> | string, options: { query?: string; contentType?: string | null; headers?: Record<string, string> } = {}) =>
  vault.call('POST', `/api/imports?${options.query ?? `project_id=${projectId}`}`, {
    key: null,
    body,
    headers: { ...bearer(who), ...(options.contentType === null ? {} : { 'content-type': options.contentType ?? 'application/pgp-encrypted' }), ...options.headers },
  });
const auditRow = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

async function encrypted(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const message = await openpgp.encrypt({ message: await openpgp.createMessage({ text }), encryptionKeys: publicKey, format: 'binary' });
  return Uint8Array.from(message as Uint8Array);
}

const chunksOf = (importId: string) =>
  vault.runtime.db.sql.query<{ seq: number; data: Uint8Array }>('SELECT seq, data FROM import_file_chunks WHERE import_id = $1::uuid ORDER BY seq', [importId]);

const CSV = [
  'card_number,exp_month,exp_year,cardholder_name,external_id',
  '4242424242424242,12,2031,Ada Lovelace,old-1',
  '5555555555554444,01,2032,Alan Turing,old-2',
  '4242424242424241,12,2031,Bad Luhn,old-3',
  '4000056655665556,06,2033,Grace Hopper,old-4',
].join('\n');

describe('POST /api/imports', () => {
  it('201 with the import, queued; the file is stored as received, in 1 MiB chunks in order; audited', async () => {
    // Not a real OpenPGP file: the upload stores bytes, the integrity pass judges them later.
    const body = Uint8Array.from(randomBytes(2 * 1024 * 1024 + 12345));
    const response = await upload('admin', body, { query: `project_id=${projectId}&format=jsonl`, contentType: 'application/octet-stream' });
    expect(response.status, response.text).toBe(201);
    const view = response.json.data;
    expect(view).toEqual({
      id: expect.any(String),
      project_id: projectId,
      status: 'queued',
      format: 'jsonl',
      rows_total: null,
      rows_done: 0,
      rows_imported: 0,
      rows_skipped: 0,
      rows_failed: 0,
      cancel_requested: false,
      error: null,
      started_at: null,
      finished_at: null,
      created_at: expect.any(String),
    });
    const chunks = await chunksOf(view.id);
    expect(chunks.map((chunk) => [chunk.seq, chunk.data.byteLength])).toEqual([
      [0, 1024 * 1024],
      [1, 1024 * 1024],
      [2, 12345],
    ]);
    expect(Buffer.concat(chunks.map((chunk) => chunk.data)).equals(Buffer.from(body))).toBe(true);
    const [row] = await vault.runtime.db.sql.query<{ file_bytes: string; source: string; created_by: string; claimed_by: string | null }>(
      'SELECT file_bytes::text, source, created_by, claimed_by FROM imports WHERE id = $1::uuid',
      [view.id],
    );
    expect(row).toEqual({ file_bytes: String(body.byteLength), source: 'api', created_by: users.admin.id, claimed_by: null });
    expect(await auditRow(response)).toMatchObject({ action: 'import.create', outcome: 'success', statusCode: 201, userId: users.admin.id, projectId, resource: `import:${view.id}` });
    await api('owner', 'POST', `/api/imports/${view.id}/cancel`);
  });

  it('format defaults to csv', async () => {
    const response = await upload('owner', await encrypted(CSV));
    expect(response.json.data.format).toBe('csv');
    await api('owner', 'POST', `/api/imports/${response.json.data.id}/cancel`);
  });

  it('415 for another Content-Type, 400 for an empty body or a bad format, 413 beyond IMPORT_MAX_BYTES (declared or streamed): nothing kept', async () => {
    const count = async () => (await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM imports WHERE project_id = $1::uuid', [projectId]))[0]!.n;
    const before = await count();
    expectError(await upload('owner', 'card_number\n', { contentType: 'text/csv' }), 415, 'unsupported_media_type', 'Content-Type must be application/pgp-encrypted or application/octet-stream');
    expectError(await upload('owner', 'x', { contentType: null }), 415, 'unsupported_media_type', 'Content-Type must be application/pgp-encrypted or application/octet-stream');
    const empty = await upload('owner', new Uint8Array(0));
    expect(empty.status, empty.text).toBe(400);
    expect(empty.json.error).toMatchObject({ code: 'validation_error', message: 'The request body is empty: send the OpenPGP-encrypted file as the body' });
    const format = await upload('owner', 'x', { query: `project_id=${projectId}&format=xml` });
    expect(format.status).toBe(400);
    expect(format.json.error.fields).toEqual([{ path: 'format', message: 'format must be csv or jsonl' }]);
    const declared = await upload('owner', Uint8Array.from(randomBytes(MAX + 1)));
    expectError(declared, 413, 'payload_too_large', `The import file exceeds IMPORT_MAX_BYTES (${MAX} bytes)`);
    // Chunked (no Content-Length): refused while streaming, and what was stored is deleted.
    const parts = [randomBytes(2 * 1024 * 1024), randomBytes(2 * 1024 * 1024)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(Uint8Array.from(next));
        else controller.close();
      },
    });
    const streamed = await fetch(`${vault.url}/api/imports?project_id=${projectId}`, {
      method: 'POST',
      headers: { ...bearer('owner'), 'content-type': 'application/octet-stream' },
      body: stream,
      duplex: 'half',
    } as RequestInit).then(
      async (response) => ({ status: response.status, json: await response.json() }),
      () => null,
    );
    // The server may close the connection before the client finished sending: then there is no answer to read.
    if (streamed) expect(streamed).toMatchObject({ status: 413, json: { error: { code: 'payload_too_large' } } });
    expect(await count()).toBe(before);
    const orphans = await vault.runtime.db.sql.query('SELECT c.import_id FROM import_file_chunks c LEFT JOIN imports i ON i.id = c.import_id WHERE i.id IS NULL');
    expect(orphans).toEqual([]);
  });
});

describe('GET /api/imports, GET /api/imports/{id}, cancel', () => {
  it('lists newest first with cursor pagination; GET answers the same view', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await upload('owner', await encrypted(CSV))).json.data.id);
    const first = await api('viewer', 'GET', `/api/imports?project_id=${projectId}&limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.map((row: { id: string }) => row.id)).toEqual([ids[2], ids[1]]);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await api('viewer', 'GET', `/api/imports?project_id=${projectId}&limit=2&cursor=${first.json.next_cursor}`);
    expect(second.json.data[0].id).toBe(ids[0]);
    const one = await api('developer', 'GET', `/api/imports/${ids[1]}`);
    expect(one.json.data).toEqual(first.json.data[1]);
    const badCursor = await api('viewer', 'GET', `/api/imports?project_id=${projectId}&cursor=nope`);
    expect(badCursor.status).toBe(400);
    for (const id of ids) await api('owner', 'POST', `/api/imports/${id}/cancel`);
  });

  it('cancel: a queued import is cancelled at once (its file deleted); a running one gets cancel_requested; an ended one is 409', async () => {
    const queued = (await upload('owner', await encrypted(CSV))).json.data.id;
    const cancelled = await api('admin', 'POST', `/api/imports/${queued}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ id: queued, status: 'cancelled', cancel_requested: true, finished_at: expect.any(String) });
    expect(await chunksOf(queued)).toEqual([]);
    expect(await auditRow(cancelled)).toMatchObject({ action: 'import.cancel', outcome: 'success', projectId, resource: `import:${queued}` });
    expectError(await api('admin', 'POST', `/api/imports/${queued}/cancel`), 409, 'conflict', 'The import has already ended (cancelled)');
    // The job never takes a cancelled import.
    expect(await pickImport(vault.runtime)).not.toBe(queued);

    const running = (await upload('owner', await encrypted(CSV))).json.data.id;
    await vault.runtime.db.sql.query(`UPDATE imports SET status = 'running', started_at = now(), claimed_by = 'node-x', claimed_until = now() + interval '1 minute' WHERE id = $1::uuid`, [running]);
    const requested = await api('owner', 'POST', `/api/imports/${running}/cancel`);
    expect(requested.json.data).toMatchObject({ status: 'running', cancel_requested: true, finished_at: null });
    await vault.runtime.db.sql.query(`UPDATE imports SET status = 'completed', finished_at = now() WHERE id = $1::uuid`, [running]);
    expectError(await api('owner', 'POST', `/api/imports/${running}/cancel`), 409, 'conflict', 'The import has already ended (completed)');
  });
});

describe('the background job', () => {
  it('runs an upload end to end: completed with the counts; the report and the mapping download; the stored file is deleted', async () => {
    const id = (await upload('owner', await encrypted(CSV))).json.data.id;
    expect(await runNextImport(vault.runtime, { workerId: 'test-node' })).toBe(id);
    const done = (await api('viewer', 'GET', `/api/imports/${id}`)).json.data;
    expect(done).toMatchObject({ status: 'completed', rows_total: 4, rows_imported: 3, rows_skipped: 0, rows_failed: 1, started_at: expect.any(String), finished_at: expect.any(String), error: null });
    expect(await chunksOf(id)).toEqual([]);

    const report = await api('viewer', 'GET', `/api/imports/${id}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(report.headers.get('content-disposition')).toBe(`attachment; filename="import-${id}.report.csv"`);
    const reportLines = report.text.trim().split('\n');
    expect(reportLines[0]).toBe('row,external_id,code,field');
    expect(reportLines).toHaveLength(2);
    expect(reportLines[1]).toMatch(/^3,old-3,[a-z_]+,card_number$/);
    expect(report.text).not.toContain('424242424242424');

    const mapping = await api('viewer', 'GET', `/api/imports/${id}/mapping`);
    expect(mapping.status).toBe(200);
    expect(mapping.headers.get('content-disposition')).toBe(`attachment; filename="import-${id}.mapping.csv"`);
    const mappingLines = mapping.text.trim().split('\n');
    expect(mappingLines[0]).toBe('external_id,token,brand,last4,exp_month,exp_year,fingerprint');
    expect(mappingLines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual(['old-1', 'old-2', 'old-4']);
    expect(mappingLines.find((line) => line.startsWith('old-1,'))).toMatch(/,4242,12,2031,/);
    expect(mapping.text).not.toMatch(/4242424242424242|5555555555554444|4000056655665556/);

    // A second upload of the same file: every row already imported is skipped.
    const again = (await upload('owner', await encrypted(CSV))).json.data.id;
    await runNextImport(vault.runtime, { workerId: 'test-node' });
    expect((await api('viewer', 'GET', `/api/imports/${again}`)).json.data).toMatchObject({ status: 'completed', rows_imported: 0, rows_skipped: 3, rows_failed: 1 });
  });

  it('a file encrypted to another key fails and imports nothing', async () => {
    const { privateKey } = await openpgp.generateKey({ type: 'ecc', curve: 'curve25519Legacy', userIDs: [{ name: 'other' }], format: 'object' });
    const message = await openpgp.encrypt({ message: await openpgp.createMessage({ text: CSV.replace(/old-/g, 'other-') }), encryptionKeys: privateKey.toPublic(), format: 'binary' });
    const id = (await upload('owner', Uint8Array.from(message as Uint8Array))).json.data.id;
    await runNextImport(vault.runtime, { workerId: 'test-node' });
    const failed = (await api('viewer', 'GET', `/api/imports/${id}`)).json.data;
    expect(failed).toMatchObject({ status: 'failed', rows_imported: 0, error: { code: expect.any(String), message: expect.any(String) } });
    expect(await vault.runtime.db.sql.query("SELECT id FROM tokens WHERE external_id LIKE 'other-%'")).toEqual([]);
  });

  it('resumes an import whose node died (running, claim lapsed), and leaves one with a live claim alone', async () => {
    const live = (await upload('owner', await encrypted(CSV.replace(/old-/g, 'live-')))).json.data.id;
    await vault.runtime.db.sql.query(`UPDATE imports SET status = 'running', started_at = now(), claimed_by = 'node-alive', claimed_until = now() + interval '10 minutes' WHERE id = $1::uuid`, [live]);
    const dead = (await upload('owner', await encrypted(CSV.replace(/old-/g, 'dead-')))).json.data.id;
    await vault.runtime.db.sql.query(`UPDATE imports SET status = 'running', started_at = now(), claimed_by = 'node-dead', claimed_until = now() - interval '1 second' WHERE id = $1::uuid`, [dead]);
    expect(await pickImport(vault.runtime)).toBe(dead);
    expect(await runNextImport(vault.runtime, { workerId: 'node-new' })).toBe(dead);
    expect((await api('viewer', 'GET', `/api/imports/${dead}`)).json.data).toMatchObject({ status: 'completed', rows_imported: 3, rows_failed: 1 });
    expect(await pickImport(vault.runtime)).toBeNull();
    expect((await api('viewer', 'GET', `/api/imports/${live}`)).json.data.status).toBe('running');
    await vault.runtime.db.sql.query(`UPDATE imports SET status = 'cancelled', finished_at = now() WHERE id = $1::uuid`, [live]);
  });

  it('the timer job picks up an upload by itself', async () => {
    const id = (await upload('owner', await encrypted(CSV.replace(/old-/g, 'timer-')))).json.data.id;
    const job = startImportJob(vault.runtime, { intervalMs: 100 });
    try {
      for (let i = 0; i < 100; i += 1) {
        if ((await api('viewer', 'GET', `/api/imports/${id}`)).json.data.status === 'completed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await job.stop();
    }
    expect((await api('viewer', 'GET', `/api/imports/${id}`)).json.data).toMatchObject({ status: 'completed', rows_imported: 3 });
  });
});

describe('security table', () => {
  it('every route: no session 401; another account\'s project or import 404; developer and viewer may read but not upload or cancel; cross-site cookie mutations 403', async () => {
    const id = (await upload('owner', await encrypted(CSV))).json.data.id;
    const reads = [`/api/imports?project_id=${projectId}`, `/api/imports/${id}`, `/api/imports/${id}/report`, `/api/imports/${id}/mapping`];
    for (const path of reads) expectUnauthorized(await api(null, 'GET', path));
    expectUnauthorized(await upload(null, 'x'));
    expectUnauthorized(await api(null, 'POST', `/api/imports/${id}/cancel`));

    expectError(await api('stranger', 'GET', reads[0]!), 404, 'not_found', 'Project not found');
    for (const path of reads.slice(1)) expectError(await api('stranger', 'GET', path), 404, 'not_found', 'Import not found');
    expectError(await upload('stranger', 'x'), 404, 'not_found', 'Project not found');
    expectError(await api('stranger', 'POST', `/api/imports/${id}/cancel`), 404, 'not_found', 'Import not found');

    for (const role of ['developer', 'viewer'] as const) {
      for (const path of reads) expect((await api(role, 'GET', path)).status).toBe(200);
      const refused = await upload(role, 'x');
      expectError(refused, 403, 'insufficient_permissions', 'Insufficient permissions');
      expect(await auditRow(refused)).toMatchObject({ action: 'import.create', outcome: 'failure', statusCode: 403, userId: users[role].id });
      expectError(await api(role, 'POST', `/api/imports/${id}/cancel`), 403, 'insufficient_permissions', 'Insufficient permissions');
    }

    const crossSite = { cookie: `vault_session=${jwts.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const before = (await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM imports WHERE project_id = $1::uuid', [projectId]))[0]!.n;
    const crossUpload = await vault.call('POST', `/api/imports?project_id=${projectId}`, { key: null, body: 'x', headers: { ...crossSite, 'content-type': 'application/pgp-encrypted' } });
    expectError(crossUpload, 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    expectError(await vault.call('POST', `/api/imports/${id}/cancel`, { key: null, headers: crossSite }), 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    expect((await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM imports WHERE project_id = $1::uuid', [projectId]))[0]!.n).toBe(before);
    expect((await api('owner', 'GET', `/api/imports/${id}`)).json.data.status).toBe('queued');
    // The same cookie from the app's own origin works.
    const sameSite = await vault.call('POST', `/api/imports/${id}/cancel`, { key: null, headers: { cookie: `vault_session=${jwts.owner}`, origin: vault.runtime.config.APP_URL } });
    expect(sameSite.status, sameSite.text).toBe(200);
  });
});
