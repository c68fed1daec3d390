// The operator's export commands, spawned as `npx vault …` on the same database as a test vault (a folder
// of its own on PGlite, which one process opens at a time: the vault is closed while the CLI runs).
// `export cards` refuses without the project's exact name, warns loudly, writes a file only the recipient
// can read, and opens no file for writing but --out (checked with strace: every openat/creat/rename of the
// process and its children); `export approve` approves only in an account with a single owner.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { requestExport } from '@/lib/exports/request-export';
import { createProject } from '@/lib/projects/create-project';
import { startTestVault, testEnv, type TestVault } from '../helpers/test-vault';
import { decryptExport, detokenized, parseCsv, recipientKey, seedCards, type Recipient, type SeededCards } from '../helpers/exports';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vault-export-cli-'));
const dataDir = join(dir, 'data');
// PGlite: a folder of this test's own and a master key both processes use; PostgreSQL: the run's database.
const overrides: Record<string, string> = inject('databaseUrl') ? {} : { VAULT_DATA_DIR: dataDir, VAULT_MASTER_KEY: randomBytes(32).toString('base64') };
const env = Object.fromEntries(Object.entries({ ...process.env, ...testEnv(overrides), LOG_LEVEL: 'warn' }).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv;

type Outcome = { code: number; stdout: string; stderr: string };
const vault = (...args: string[]): Promise<Outcome> =>
  run(process.execPath, [cli, ...args], { env, encoding: 'utf8' }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

let vaultProcess: TestVault;
let recipient: Recipient;
let cards: SeededCards;
let expected: Awaited<ReturnType<typeof detokenized>>;
let projectId: string;
let oneOwnerExport: string;
let twoOwnerExport: string;
const recipientFile = join(dir, 'recipient.asc');
const tokensFile = join(dir, 'tokens.txt');

async function owner(vaultRun: TestVault, accountId: string) {
  const user = await vaultRun.runtime.db.prisma.user.create({
    data: { accountId, email: `cli-owner-${randomBytes(4).toString('hex')}@example.com`, passwordHash: 'x', role: 'owner', mfaEnabled: true },
    select: { id: true },
  });
  return user.id;
}

beforeAll(async () => {
  vaultProcess = await startTestVault({ env: overrides });
  recipient = await recipientKey({ type: 'ecc', curve: 'curve25519Legacy' });
  writeFileSync(recipientFile, recipient.publicKey);
  projectId = vaultProcess.tenants.test.projectId;
  cards = await seedCards(vaultProcess, vaultProcess.tenants.test.keys.full, 4);
  expected = await detokenized(vaultProcess, vaultProcess.tenants.test.keys.full, cards.active.map((card) => card.token));
  writeFileSync(tokensFile, `# two of them\n${cards.active[0]!.token}\n\n${cards.active[1]!.token}\n`);
  const { prisma } = vaultProcess.runtime.db;
  // The tenants' account gets one owner; another account two.
  const accountId = (await prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: { accountId: true } })).accountId;
  const soleOwner = await owner(vaultProcess, accountId);
  const input = { recipient_public_key: recipient.publicKey, all: true as const, format: 'csv' as const };
  oneOwnerExport = (await requestExport(vaultProcess.runtime, { accountId, requestedBy: soleOwner, input: { ...input, project_id: vaultProcess.tenants.other.projectId } })).id;
  const other = await prisma.account.create({ data: { name: 'Two owners' }, select: { id: true } });
  const otherProject = await createProject(vaultProcess.runtime, { accountId: other.id, name: 'Two owners project', environment: 'test' });
  const first = await owner(vaultProcess, other.id);
  await owner(vaultProcess, other.id);
  twoOwnerExport = (await requestExport(vaultProcess.runtime, { accountId: other.id, requestedBy: first, input: { ...input, project_id: otherProject.id } })).id;
  await vaultProcess.close();
  // Build the CLI bundle now, outside the traced run.
  expect((await vault('help')).code).toBe(0);
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npx vault export cards', () => {
  it('refuses without the exact project name in --confirm, and writes nothing', async () => {
    const out = join(dir, 'wrong.pgp');
    const wrong = await vault('export', 'cards', '--project', projectId, '--recipient-key', recipientFile, '--all', '--out', out, '--confirm', 'Test projec');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe("vault: --confirm must repeat the project's name exactly (as the dashboard shows it): nothing was exported\n");
    expect(existsSync(out)).toBe(false);
    const missing = await vault('export', 'cards', '--project', projectId, '--recipient-key', recipientFile, '--all', '--out', out);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--confirm is required: the project's exact name, to say you mean it");
    const both = await vault('export', 'cards', '--project', projectId, '--recipient-key', recipientFile, '--all', '--tokens', tokensFile, '--out', out, '--confirm', 'Test project');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give exactly one of --tokens FILE (one token a line) and --all');
  }, 60_000);

  it('with the right name: a loud line on stderr, a file only the recipient key opens, and no other file written', async () => {
    const out = join(dir, 'cards.pgp');
    const trace = join(dir, 'strace.txt');
    const traced = await run('strace', ['-f', '-qq', '-e', 'trace=openat,open,creat,rename,renameat,renameat2', '-o', trace, process.execPath, cli, 'export', 'cards', '--project', projectId, '--recipient-key', recipientFile, '--all', '--out', out, '--confirm', 'Test project'], { env, encoding: 'utf8' });
    expect(traced.stderr).toContain(`WARNING: exporting 4 cards of project "Test project" (${projectId}) in clear to the holder of key ${recipient.fingerprint}.`);
    expect(traced.stdout).toMatch(/^Exported 4 cards to .*cards\.pgp \(export [0-9a-f-]{36}\), encrypted to the recipient's key only\.\n$/);
    const { text } = await decryptExport(new Uint8Array(readFileSync(out)), recipient);
    const rows = parseCsv(text);
    expect(rows.map((row) => row.token).sort()).toEqual([...expected.keys()].sort());
    for (const row of rows) expect(row).toMatchObject({ card_number: expected.get(row.token!)!.card_number, exp_month: expected.get(row.token!)!.exp_month });
    // Every file the process (and its children) opened for writing: the --out file, the database's own files
    // (PGlite's folder: encrypted rows, as stored), devices. Nothing else: no temporary file, no clear copy.
    const writes = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((line) => /O_WRONLY|O_RDWR|O_CREAT|creat\(|rename/.test(line))
      .map((line) => /"([^"]+)"/.exec(line)?.[1] ?? line);
    // The trace sees writes (the --out file is one of them), so an empty remainder means something.
    expect(writes).toContain(out);
    const others = writes.filter((path) => path !== out && !path.startsWith(dataDir) && !path.startsWith('/dev/') && !path.startsWith('/proc/'));
    expect(others).toEqual([]);
  }, 120_000);

  it('--tokens exports only the listed tokens, as JSON Lines', async () => {
    const out = join(dir, 'listed.pgp');
    const result = await vault('export', 'cards', '--project', projectId, '--recipient-key', recipientFile, '--tokens', tokensFile, '--format', 'jsonl', '--out', out, '--confirm', 'Test project');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('WARNING: exporting 2 cards');
    const { text } = await decryptExport(new Uint8Array(readFileSync(out)), recipient);
    expect(text.trimEnd().split('\n').map((line) => JSON.parse(line).token).sort()).toEqual([cards.active[0]!.token, cards.active[1]!.token].sort());
  }, 60_000);
});

describe('npx vault export approve', () => {
  it('approves in an account with a single owner, and refuses where a second owner can approve', async () => {
    const approved = await vault('export', 'approve', oneOwnerExport);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toMatch(new RegExp(`^Export ${oneOwnerExport} approved by the operator: either owner may download it until \\d{4}-.*Z\\.\\n$`));
    const refused = await vault('export', 'approve', twoOwnerExport);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `vault: the account has 2 owners: a second owner must approve this export in the dashboard (Exports page, or POST /api/exports/${twoOwnerExport}/approve). The operator approves only for an account with a single owner.\n`,
    );
    const usage = await vault('export', 'approve');
    expect(usage.code).toBe(2);
  }, 60_000);

  it('left its trace: the exports rows and the audit rows (export.operator, export.approve_by_operator)', async () => {
    const again = await startTestVault({ env: overrides });
    try {
      const { sql } = again.runtime.db;
      const [approved] = await sql.query<{ status: string; approved_via: string; approved_by: string | null }>('SELECT status::text AS status, approved_via, approved_by FROM exports WHERE id = $1::uuid', [oneOwnerExport]);
      expect(approved).toEqual({ status: 'approved', approved_via: 'operator', approved_by: null });
      const [pending] = await sql.query<{ status: string }>('SELECT status::text AS status FROM exports WHERE id = $1::uuid', [twoOwnerExport]);
      expect(pending!.status).toBe('pending_approval');
      const operatorRows = await sql.query<{ status: string; rows_exported: number; approved_via: string }>(
        `SELECT status::text AS status, rows_exported, approved_via FROM exports WHERE project_id = $1::uuid ORDER BY created_at`,
        [projectId],
      );
      expect(operatorRows).toEqual([
        { status: 'downloaded', rows_exported: 4, approved_via: 'operator' },
        { status: 'downloaded', rows_exported: 2, approved_via: 'operator' },
      ]);
      const audit = await sql.query<{ action: string; user_id: string | null }>(
        `SELECT action, user_id FROM audit_logs WHERE project_id = ANY ($1::uuid[]) AND action LIKE 'export.%' ORDER BY seq`,
        [[projectId, vaultProcess.tenants.other.projectId]],
      );
      expect(audit.map((row) => row.action).sort()).toEqual(['export.approve_by_operator', 'export.operator', 'export.operator', 'export.completed_by_operator', 'export.completed_by_operator'].sort());
      expect(audit.every((row) => row.user_id === null)).toBe(true);
    } finally {
      await again.close();
    }
  }, 60_000);
});
