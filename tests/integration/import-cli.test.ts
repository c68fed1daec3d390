// `vault import cards` (issue 26), spawned as the operator runs it: the counts and both paths as its last
// lines, the mapping and report files, plain progress lines off a terminal, a second run skipping every
// row, --dry-run storing nothing, argument errors (--require-signer without --signer-key), and a run killed
// (SIGKILL) after some batches committed, then run again: it resumes, and every row is imported once.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/config';
import { createImportKey } from '../../lib/imports/import-keys';
import { createLogger } from '../../lib/logger';
import { createProject } from '../../lib/projects/create-project';
import { createRuntime } from '../../lib/runtime/create-runtime';
import type { Runtime } from '../../lib/runtime/types';
import { cardsCsv, makeSender, type Sender } from '../helpers/import-files';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { testEnv } from '../helpers/test-vault';

const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
let own: OwnDatabase;
let sender: Sender;
let dir: string;
let projectId: string;
let publicKey: string;

const openRuntime = () => createRuntime({ config: parseConfig(testEnv(own.env)), logger: createLogger({ level: 'silent' }), migrate: !own.env.DATABASE_URL });
/** A short-lived runtime (an embedded database is one process's at a time). */
async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime();
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

beforeAll(async () => {
  own = await ownDatabase();
  sender = makeSender();
  dir = mkdtempSync(join(tmpdir(), 'vault-import-cli-'));
  await withRuntime(async (runtime) => {
    const account = await runtime.db.prisma.account.create({ data: { name: 'Import CLI' } });
    const project = await createProject(runtime, { accountId: account.id, name: 'Imports', environment: 'test' });
    projectId = project.id;
    publicKey = (await createImportKey(runtime, { projectId, algorithm: 'curve25519' })).public_key;
  });
}, 120_000);
afterAll(async () => {
  sender?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await own?.drop();
});

type CliRun = { code: number; stdout: string; stderr: string };

function vault(args: string[], options: { onStderr?: (text: string, kill: () => void) => void } = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...own.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    options.onStderr?.(stderr, () => child.kill('SIGKILL'));
  });
  child.stdin.end();
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code: code ?? (signal ? -1 : -2), stdout, stderr })));
}

function encryptedFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, sender.encrypt(text, publicKey));
  return path;
}

const lastLines = (text: string, n: number) => text.trimEnd().split('\n').slice(-n);

describe('vault import cards', () => {
  it('imports a file: counts and both paths last, exact mapping and report files, plain progress lines; a second run skips every row', async () => {
    const file = encryptedFile('cards.csv.pgp', `${cardsCsv(3)}ext-9,4242424242424241,12,2030,Bad Luhn\n`);
    const run = await vault(['import', 'cards', '--project', projectId, '--file', file]);
    expect(run.code, run.stderr).toBe(0);
    const mappingPath = `${file}.mapping.csv`;
    const reportPath = `${file}.report.csv`;
    expect(lastLines(run.stdout, 3)).toEqual(['imported 3, skipped 0, failed 1', `mapping: ${mappingPath}`, `report: ${reportPath}`]);
    expect(run.stderr).toMatch(/^verifying: 4\/4 rows, \d+ rows\/s/m);
    expect(run.stderr).toMatch(/^importing: 4\/4 rows, .*imported 3, skipped 0, failed 1$/m);
    expect(run.stderr).not.toContain('\r');
    const mapping = readFileSync(mappingPath, 'utf8').trimEnd().split('\n');
    expect(mapping[0]).toBe('external_id,token,brand,last4,exp_month,exp_year,fingerprint');
    expect(mapping.slice(1).map((line) => line.split(',').filter((_, i) => i !== 1 && i !== 6))).toEqual([
      ['ext-1', 'visa', expect.any(String), '02', '2030'],
      ['ext-2', 'visa', expect.any(String), '03', '2030'],
      ['ext-3', 'visa', expect.any(String), '04', '2030'],
    ]);
    expect(readFileSync(reportPath, 'utf8')).toBe('row,external_id,code,field\n4,ext-9,invalid_field,card_number\n');
    for (const text of [run.stdout, run.stderr, readFileSync(reportPath, 'utf8'), readFileSync(mappingPath, 'utf8')]) expect(text).not.toMatch(/4000000000/);

    const again = await vault(['import', 'cards', '--project', projectId, '--file', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(lastLines(again.stdout, 3)[0]).toBe('imported 0, skipped 3, failed 1');
    expect(readFileSync(mappingPath, 'utf8').trimEnd().split('\n')).toEqual(mapping);
  }, 120_000);

  it('--dry-run validates and reports but stores nothing', async () => {
    const file = encryptedFile('dry.csv.pgp', `${cardsCsv(2, 100)}ext-x,4242424242424242,13,2030,\n`);
    const run = await vault(['import', 'cards', '--project', projectId, '--file', file, '--dry-run', '--out-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(lastLines(run.stdout, 3)).toEqual(['dry run: would import 2, skip 0, fail 1 (of 3 rows)', 'imported 0, skipped 0, failed 1', `report: ${join(dir, 'dry.csv.pgp.report.csv')}`]);
    expect(readFileSync(join(dir, 'dry.csv.pgp.report.csv'), 'utf8')).toBe('row,external_id,code,field\n3,ext-x,invalid_field,exp_month\n');
    expect(existsSync(join(dir, 'dry.csv.pgp.mapping.csv'))).toBe(false);
    const stored = await withRuntime((runtime) => runtime.db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM tokens WHERE external_id IN ('ext-100', 'ext-101')"));
    expect(stored[0]!.n).toBe(0);
  }, 120_000);

  it('refuses --require-signer without --signer-key, and a bad format, with the usage', async () => {
    const file = encryptedFile('x.csv.pgp', cardsCsv(1, 200));
    const run = await vault(['import', 'cards', '--project', projectId, '--file', file, '--require-signer', 'a'.repeat(40)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--require-signer needs --signer-key FILE: the signer's armored public key");
    const format = await vault(['import', 'cards', '--project', projectId, '--file', file, '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format must be csv or jsonl');
  }, 60_000);

  it('killed (SIGKILL) after some batches committed, then run again: it resumes, and every row is imported exactly once', async () => {
    const rows = 20_000;
    const file = encryptedFile('big.csv.pgp', cardsCsv(rows, 10_000));
    const killed = await vault(['import', 'cards', '--project', projectId, '--file', file], {
      onStderr: (text, kill) => {
        const match = /^importing: (\d+)\//m.exec(text.split('\n').filter((line) => line.startsWith('importing:')).slice(-1)[0] ?? '');
        if (match && Number(match[1]) > 0) kill();
      },
    });
    expect(killed.code).toBe(-1);
    const before = await withRuntime(async (runtime) => (await runtime.db.sql.query<{ rows_done: number; status: string }>("SELECT rows_done, status::text AS status FROM imports WHERE options->>'fileSha256' IS NOT NULL AND rows_total = $1", [rows]))[0]!);
    expect(before.status).toBe('running');
    expect(before.rows_done).toBeGreaterThan(0);
    expect(before.rows_done).toBeLessThan(rows);

    const resumed = await vault(['import', 'cards', '--project', projectId, '--file', file]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(`Resuming import`);
    expect(resumed.stdout).toContain(`after row ${before.rows_done} of ${rows}`);
    expect(lastLines(resumed.stdout, 3)[0]).toBe(`imported ${rows}, skipped 0, failed 0`);
    const counts = await withRuntime(async (runtime) => (await runtime.db.sql.query<{ tokens: number; ids: number; mapped: number }>(
      `SELECT (SELECT count(*)::int FROM tokens WHERE project_id = $1::uuid AND external_id LIKE 'ext-%' AND substring(external_id from 5)::int BETWEEN 10000 AND 29999) AS tokens,
              (SELECT count(DISTINCT external_id)::int FROM tokens WHERE project_id = $1::uuid AND substring(external_id from 5)::int BETWEEN 10000 AND 29999) AS ids,
              (SELECT count(*)::int FROM import_rows r JOIN imports i ON i.id = r.import_id WHERE i.rows_total = $2 AND r.outcome = 'imported') AS mapped`,
      [projectId, rows],
    ))[0]!);
    expect(counts).toEqual({ tokens: rows, ids: rows, mapped: rows });
    expect(readFileSync(`${file}.mapping.csv`, 'utf8').trimEnd().split('\n')).toHaveLength(rows + 1);
  }, 300_000);
});
