// The import engine (issue 26, lib/imports/run-import.ts): GnuPG-encrypted CSV and JSON Lines files imported
// in two passes (integrity, then batches), every token detokenizing to the file's data with tokenize's
// fingerprint; the mapping and report exact; bad rows in every column reported by the file's column name
// and never with card data; files failing integrity, key or signature checks importing nothing; a second
// run skipping every row; deduplicate, token formats, metadata search; cancel leaving whole batches only.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createImport, type ImportOptions } from '../../lib/imports/create-import';
import { createImportKey, revokeImportKey } from '../../lib/imports/import-keys';
import { writeMappingCsv, writeReportCsv } from '../../lib/imports/import-outputs';
import { runImport, type ImportProgress } from '../../lib/imports/run-import';
import { createProject } from '../../lib/projects/create-project';
import { bytesSource, makeSender, type Sender } from '../helpers/import-files';
import { startTestVault, type TestVault } from '../helpers/test-vault';

let vault: TestVault;
let sender: Sender;
let accountId: string;
beforeAll(async () => {
  vault = await startTestVault();
  sender = makeSender();
  accountId = (await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId } })).accountId;
}, 60_000);
afterAll(async () => {
  sender?.close();
  await vault?.close();
});

type Project = { projectId: string; key: string; publicKey: string; fingerprint: string };

let projects = 0;
async function freshProject(searchable: string[] = []): Promise<Project> {
  const project = await createProject(vault.runtime, { accountId, name: `Import ${++projects}`, environment: 'test', searchableMetadataKeys: searchable });
  const app = await createApplication(vault.runtime, { projectId: project.id, environment: 'test', name: 'importer', permissions: { tokenization: true, provisioning: false, search: true } });
  const key = await createImportKey(vault.runtime, { projectId: project.id, algorithm: 'curve25519' });
  return { projectId: project.id, key: app.apiKey, publicKey: key.public_key, fingerprint: key.fingerprint };
}

async function importBytes(
  project: Project,
  bytes: Buffer,
  options: { format?: 'csv' | 'jsonl'; options?: ImportOptions; requireSigner?: string; batchRows?: number; onProgress?: (p: ImportProgress, id: string) => void } = {},
) {
  const { id } = await createImport(vault.runtime, { projectId: project.projectId, source: 'cli', format: options.format ?? 'csv', options: options.options ?? {}, requireSigner: options.requireSigner ?? null });
  const result = await runImport(vault.runtime, { importId: id, source: bytesSource(bytes), workerId: 'test-worker', batchRows: options.batchRows, onProgress: (p) => options.onProgress?.(p, id) });
  return { id, result };
}

const importText = (project: Project, text: string, options: Parameters<typeof importBytes>[2] & { sign?: boolean } = {}) =>
  importBytes(project, sender.encrypt(text, project.publicKey, { sign: options.sign }), options);

async function output(write: (out: Writable) => Promise<void>): Promise<string> {
  const parts: Buffer[] = [];
  await write(new Writable({ write: (chunk, _encoding, done) => (parts.push(Buffer.from(chunk)), done()) }));
  return Buffer.concat(parts).toString('utf8');
}
const mappingOf = (id: string) => output((out) => writeMappingCsv(vault.runtime, id, out));
const reportOf = (id: string) => output((out) => writeReportCsv(vault.runtime, id, out));

async function detokenize(project: Project, token: string) {
  const response = await vault.call('POST', '/detokenize', { key: project.key, json: { token } });
  expect(response.status, response.text).toBe(200);
  return response.json;
}
async function tokenize(project: Project, body: unknown) {
  const response = await vault.call('POST', '/tokenize', { key: project.key, json: body });
  expect(response.status, response.text).toBe(201);
  return response.json;
}
const importRow = async (id: string) =>
  (await vault.runtime.db.sql.query<{ status: string; error_code: string | null; error_message: string | null; rows_total: number | null; rows_done: number; key_fingerprint: string | null }>(
    'SELECT status::text AS status, error_code, error_message, rows_total, rows_done, key_fingerprint FROM imports WHERE id = $1::uuid', [id],
  ))[0]!;
const tokenCount = async (project: Project) =>
  (await vault.runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM tokens WHERE project_id = $1::uuid', [project.projectId]))[0]!.n;
const mappingLines = (csv: string) => csv.trimEnd().split('\n').slice(1).map((line) => line.split(','));

const CSV = [
  'external_id,card_number,exp_month,exp_year,cardholder_name,metadata.customer_id,metadata.plan',
  'old-1,4242424242424242,12,2030,Jane Doe,cus_1,gold',
  'old-2,5555 5555 5555 4444,01,31,"Doe, John ""JD""',
  'Second line",cus_2,',
  'old-3,378282246310005,07,2029,,,free',
  '',
].join('\n');

describe('import engine', () => {
  it('imports a GnuPG-encrypted CSV (quoted newline in a name): every token detokenizes to the file\'s data, with tokenize\'s fingerprint; exact mapping; events and audit rows', async () => {
    const project = await freshProject(['customer_id']);
    const { id, result } = await importText(project, CSV);
    expect(result).toEqual({ status: 'completed', rows_total: 3, rows_imported: 3, rows_skipped: 0, rows_failed: 0 });
    expect(await importRow(id)).toMatchObject({ status: 'completed', rows_total: 3, rows_done: 3, key_fingerprint: project.fingerprint, error_code: null });

    const mapping = await mappingOf(id);
    const lines = mappingLines(mapping);
    expect(mapping.split('\n')[0]).toBe('external_id,token,brand,last4,exp_month,exp_year,fingerprint');
    expect(lines.map(([external, , brand, last4, month, year]) => [external, brand, last4, month, year])).toEqual([
      ['old-1', 'visa', '4242', '12', '2030'],
      ['old-2', 'mastercard', '4444', '01', '31'],
      ['old-3', 'amex', '0005', '07', '2029'],
    ]);
    expect(await detokenize(project, lines[0]![1]!)).toEqual({ success: true, data: { type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cardholderName: 'Jane Doe' }, metadata: { customer_id: 'cus_1', plan: 'gold' } });
    expect(await detokenize(project, lines[1]![1]!)).toEqual({ success: true, data: { type: 'card', cardNumber: '5555555555554444', expirationMonth: '01', expirationYear: '31', cardholderName: 'Doe, John "JD"\nSecond line' }, metadata: { customer_id: 'cus_2' } });
    expect(await detokenize(project, lines[2]![1]!)).toEqual({ success: true, data: { type: 'card', cardNumber: '378282246310005', expirationMonth: '07', expirationYear: '2029' }, metadata: { plan: 'free' } });
    // The fingerprint tokenize gives the same card.
    const same = await tokenize(project, { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } });
    expect(lines[0]![6]).toBe(same.fingerprint);
    expect(await reportOf(id)).toBe('row,external_id,code,field\n');
    // Metadata search finds the imported token by its searchable key.
    const search = await vault.call('POST', '/tokens/search', { key: project.key, json: { metadata: { customer_id: 'cus_2' } } });
    expect(search.status, search.text).toBe(200);
    expect(search.json.data.map((t: { token: string }) => t.token)).toEqual([lines[1]![1]]);

    // One event for the import, none per token; audit: start, one batch, finish.
    const events = await vault.runtime.db.sql.query<{ type: string; body: string }>('SELECT type, body FROM webhook_events WHERE project_id = $1::uuid ORDER BY created_at, id', [project.projectId]);
    // (the token.created is the tokenize call's above)
    expect(events.map((e) => e.type)).toEqual(['import.completed', 'token.created']);
    expect(JSON.parse(events.find((e) => e.type === 'import.completed')!.body).data).toEqual({ import_id: id, source: 'cli', rows_total: 3, rows_imported: 3, rows_skipped: 0, rows_failed: 0 });
    const audit = await vault.runtime.db.sql.query<{ action: string; resource: string }>("SELECT action, resource FROM audit_logs WHERE resource LIKE $1 ORDER BY id", [`import:${id}%`]);
    expect(audit).toEqual([
      { action: 'import.start_by_operator', resource: `import:${id} format=csv` },
      { action: 'import.batch_by_operator', resource: `import:${id} rows=3` },
      { action: 'import.finish_by_operator', resource: `import:${id} status=completed imported=3 skipped=0 failed=0` },
    ]);
  });

  it('imports JSON Lines (a bank row, nested metadata, renamed columns) and a second run of the same file skips every row, keeping the tokens in its mapping', async () => {
    const project = await freshProject();
    const jsonl = [
      JSON.stringify({ id: 'a1', pan: '4000056655665556', exp_month: '03', exp_year: '2031', cardholder_name: 'Ann', metadata: { tier: 'x' } }),
      '',
      JSON.stringify({ id: 'b1', type: 'bank', account_number: '000123456789', routing_number: '110000000', account_type: 'savings', cardholder_name: 'Bob' }),
      '',
    ].join('\n');
    const options = { format: 'jsonl' as const, options: { map: { id: 'external_id', pan: 'card_number' } } };
    const first = await importText(project, jsonl, options);
    expect(first.result).toEqual({ status: 'completed', rows_total: 2, rows_imported: 2, rows_skipped: 0, rows_failed: 0 });
    const lines = mappingLines(await mappingOf(first.id));
    expect(await detokenize(project, lines[0]![1]!)).toEqual({ success: true, data: { type: 'card', cardNumber: '4000056655665556', expirationMonth: '03', expirationYear: '2031', cardholderName: 'Ann' }, metadata: { tier: 'x' } });
    expect(await detokenize(project, lines[1]![1]!)).toEqual({ success: true, data: { type: 'bank', accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Bob', accountType: 'savings' } });
    expect(lines[1]!.slice(2, 6)).toEqual(['', '6789', '', '']);

    const again = await importText(project, jsonl, options);
    expect(again.result).toEqual({ status: 'completed', rows_total: 2, rows_imported: 0, rows_skipped: 2, rows_failed: 0 });
    expect(await mappingOf(again.id)).toBe(await mappingOf(first.id));
    expect(await reportOf(again.id)).toBe('row,external_id,code,field\n1,a1,already_imported,external_id\n2,b1,already_imported,external_id\n');
    expect(await tokenCount(project)).toBe(2);
  });

  it('reports bad rows in every column by the file\'s column name, never stopping the import, and never with card data', async () => {
    const project = await freshProject();
    const rows = [
      'ref,card_number,exp_month,exp_year,cardholder_name,metadata.note,type,account_number,routing_number,account_type',
      'r1,4242424242424241,12,2030,,,,,,', // Luhn
      'r2,4242424242424242,13,2030,,,,,,', // month
      'r3,4242424242424242,12,203,,,,,,', // year
      `r4,4242424242424242,12,2030,${'x'.repeat(201)},,,,,`, // name too long
      'r5,4242424242424242,12,2030,,4111 1111 1111 1111,,,,', // a card number in metadata
      'r6,4242424242424242,12,2030,,,wallet,,,', // type
      'r7,,,,,,bank,12,110000000,checking', // account number
      'r8,,,,,,bank,000123456789,110000001,checking', // routing checksum
      'r9,,,,,,bank,000123456789,110000000,brokerage', // account type
      'r10,,12,2030,,,,,,', // missing card number
      '4111111111111111,5555555555554444,12,2030,,,,,,', // external_id holding a card number: not echoed
      'r12,4242424242424242,12', // column count
      'r13,4242424242424242,12,2030,Jane,,,,,', // fine
    ];
    const { id, result } = await importText(project, `${rows.join('\n')}\n`, { options: { map: { ref: 'external_id' } } });
    expect(result).toEqual({ status: 'completed', rows_total: 13, rows_imported: 1, rows_skipped: 0, rows_failed: 12 });
    const report = await reportOf(id);
    expect(report).toBe(
      [
        'row,external_id,code,field',
        '1,r1,invalid_field,card_number',
        '2,r2,invalid_field,exp_month',
        '3,r3,invalid_field,exp_year',
        '4,r4,invalid_field,cardholder_name',
        '5,r5,invalid_field,metadata.note',
        '6,r6,invalid_field,type',
        '7,r7,invalid_field,account_number',
        '8,r8,invalid_field,routing_number',
        '9,r9,invalid_field,account_type',
        '10,r10,missing_field,card_number',
        '11,,invalid_field,ref',
        '12,,invalid_row,',
        '',
      ].join('\n'),
    );
    // No digit run of a card beyond its last 4, no raw line.
    expect(report).not.toMatch(/\d{5}/);
    expect(mappingLines(await mappingOf(id)).map((line) => line[0])).toEqual(['r13']);
  });

  it('deduplicate maps a card already stored (and a repeat in the file) to one token; token_format applies; a duplicate external_id in the file maps to its first token', async () => {
    const project = await freshProject();
    const existing = await tokenize(project, { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } });
    const csv = 'external_id,card_number,exp_month,exp_year\nd1,4242424242424242,12,2030\nd2,5555555555554444,01,2031\nd3,5555555555554444,01,2031\nd2,378282246310005,07,2029\n';
    const { id, result } = await importText(project, csv, { options: { deduplicate: true, tokenFormat: 'last4_preserving' } });
    expect(result).toEqual({ status: 'completed', rows_total: 4, rows_imported: 1, rows_skipped: 3, rows_failed: 0 });
    const lines = mappingLines(await mappingOf(id));
    expect(lines.map((line) => line[0])).toEqual(['d1', 'd2', 'd3', 'd2']);
    expect(lines[0]![1]).toBe(existing.token);
    expect(lines[1]![1]).toMatch(/^[1-9]\d{11}4444$/);
    expect(lines[2]![1]).toBe(lines[1]![1]);
    expect(lines[3]![1]).toBe(lines[1]![1]);
    expect(await reportOf(id)).toBe('row,external_id,code,field\n1,d1,deduplicated,\n3,d3,deduplicated,\n4,d2,already_imported,external_id\n');
    expect(await tokenCount(project)).toBe(2);
  });

  describe('a file failing its checks imports nothing', () => {
    const failsWith = async (id: string, code: string, message: RegExp, project: Project) => {
      expect(await importRow(id)).toMatchObject({ status: 'failed', error_code: code, error_message: expect.stringMatching(message) });
      expect(await tokenCount(project)).toBe(0);
      expect(await vault.runtime.db.sql.query('SELECT 1 FROM import_rows WHERE import_id = $1::uuid', [id])).toEqual([]);
      const [event] = await vault.runtime.db.sql.query<{ body: string }>("SELECT body FROM webhook_events WHERE project_id = $1::uuid AND type = 'import.failed'", [project.projectId]);
      expect(JSON.parse(event!.body).data).toMatchObject({ import_id: id, error_code: code, rows_imported: 0 });
    };

    it('tampered ciphertext (a byte flipped near the end, after rows a single pass would have stored)', async () => {
      const project = await freshProject();
      const big = `card_number,exp_month,exp_year\n${'4242424242424242,12,2030\n'.repeat(5000)}`;
      const bytes = sender.encrypt(big, project.publicKey);
      bytes[bytes.length - 30] = bytes[bytes.length - 30]! ^ 0x01;
      const { id, result } = await importBytes(project, bytes, { batchRows: 100 });
      expect(result.status).toBe('failed');
      await failsWith(id, 'integrity_check_failed', /integrity/, project);
    });

    it('a file encrypted to another key, to a revoked key, or empty', async () => {
      const project = await freshProject();
      const other = await freshProject();
      const wrong = await importBytes(project, sender.encrypt(CSV, other.publicKey));
      await failsWith(wrong.id, 'no_matching_key', /not encrypted to an active import key/, project);

      const revokedProject = await freshProject();
      const bytes = sender.encrypt(CSV, revokedProject.publicKey);
      await revokeImportKey(vault.runtime, revokedProject.fingerprint);
      const revoked = await importBytes(revokedProject, bytes);
      await failsWith(revoked.id, 'no_matching_key', /revoked/, revokedProject);

      const emptyProject = await freshProject();
      const empty = await importBytes(emptyProject, Buffer.alloc(0));
      await failsWith(empty.id, 'empty_file', /0 bytes/, emptyProject);
      const garbage = await importBytes(emptyProject, Buffer.from('card_number,exp_month\n4242424242424242,12\n'));
      expect(await importRow(garbage.id)).toMatchObject({ status: 'failed', error_code: 'not_openpgp' });
      expect((await importRow(garbage.id)).error_message).not.toContain('4242');
    });

    it('under a signer requirement: unsigned, or signed by another key; signed by the required key imports', async () => {
      const project = await freshProject();
      const signer = sender.signer;
      const required = { requireSigner: signer.fingerprint, options: { signerKey: signer.publicKey } };
      const unsigned = await importText(project, CSV, required);
      await failsWith(unsigned.id, 'signature_required', /not signed/, project);

      const stranger = makeSender('Stranger');
      try {
        const bytes = stranger.encrypt(CSV, project.publicKey, { sign: true });
        const other = await importBytes(project, bytes, required);
        expect(await importRow(other.id)).toMatchObject({ status: 'failed', error_code: 'signer_mismatch' });
        expect(await tokenCount(project)).toBe(0);
      } finally {
        stranger.close();
      }
      const signed = await importText(project, CSV, { ...required, sign: true });
      expect(signed.result).toMatchObject({ status: 'completed', rows_imported: 3 });
    });
  });

  it('a running import held by a live worker is left alone; once its claim lapses another worker resumes it after rows_done', async () => {
    const project = await freshProject();
    const csv = 'external_id,card_number,exp_month,exp_year\nr1,4242424242424242,12,2030\nr2,5555555555554444,12,2030\nr3,378282246310005,12,2030\nr4,4000056655665556,12,2030\n';
    const bytes = sender.encrypt(csv, project.publicKey);
    const { id } = await createImport(vault.runtime, { projectId: project.projectId, source: 'api', format: 'csv', options: {} });
    // Another worker holds it, two rows done (as if its first batch had committed).
    await vault.runtime.db.sql.query("UPDATE imports SET status = 'running', claimed_by = 'node-a', claimed_until = now() + interval '60 seconds', rows_done = 2, rows_imported = 2 WHERE id = $1::uuid", [id]);
    const held = await runImport(vault.runtime, { importId: id, source: bytesSource(bytes), workerId: 'node-b' });
    expect(held).toEqual({ status: 'running', rows_total: null, rows_imported: 2, rows_skipped: 0, rows_failed: 0 });
    expect(await tokenCount(project)).toBe(0);

    await vault.runtime.db.sql.query("UPDATE imports SET claimed_until = now() - interval '1 second' WHERE id = $1::uuid", [id]);
    const resumed = await runImport(vault.runtime, { importId: id, source: bytesSource(bytes), workerId: 'node-b' });
    expect(resumed).toEqual({ status: 'completed', rows_total: 4, rows_imported: 4, rows_skipped: 0, rows_failed: 0 });
    const stored = await vault.runtime.db.sql.query<{ external_id: string }>('SELECT external_id FROM tokens WHERE project_id = $1::uuid ORDER BY external_id', [project.projectId]);
    expect(stored.map((row) => row.external_id)).toEqual(['r3', 'r4']);
    expect((await vault.runtime.db.sql.query<{ row: number }>('SELECT row FROM import_rows WHERE import_id = $1::uuid ORDER BY row', [id])).map((row) => row.row)).toEqual([3, 4]);
    const audit = await vault.runtime.db.sql.query<{ action: string; resource: string }>('SELECT action, resource FROM audit_logs WHERE resource LIKE $1 ORDER BY id', [`import:${id}%`]);
    expect(audit.map((row) => row.action)).toEqual(['import.resume', 'import.batch', 'import.finish']);
    expect(audit[0]!.resource).toBe(`import:${id} format=csv rows_done=2`);
  });

  it('cancel between batches leaves whole batches only: rows_done, import_rows and tokens agree', async () => {
    const project = await freshProject();
    const rows = Array.from({ length: 1000 }, (_, i) => `c${i + 1},4242424242424242,12,2030`).join('\n');
    let batches = 0;
    const { id, result } = await importText(project, `external_id,card_number,exp_month,exp_year\n${rows}\n`, {
      batchRows: 100,
      onProgress: (progress, importId) => {
        if (progress.phase === 'import' && progress.rowsDone > 0 && ++batches === 3) {
          void vault.runtime.db.sql.query('UPDATE imports SET cancel_requested = true WHERE id = $1::uuid', [importId]);
        }
      },
    });
    expect(result.status).toBe('cancelled');
    const row = await importRow(id);
    expect(row.rows_total).toBe(1000);
    expect(row.rows_done % 100).toBe(0);
    expect(row.rows_done).toBeGreaterThanOrEqual(300);
    expect(row.rows_done).toBeLessThan(1000);
    expect(await tokenCount(project)).toBe(row.rows_done);
    const [rowsStored] = await vault.runtime.db.sql.query<{ n: number; max: number }>('SELECT count(*)::int AS n, max(row)::int AS max FROM import_rows WHERE import_id = $1::uuid', [id]);
    expect(rowsStored).toEqual({ n: row.rows_done, max: row.rows_done });
  });
});
