// Issue 21, black-box through the `vault` command line on an embedded database of its own: a row inserted
// with SQL is not sealed as genuine and `vault audit verify` names it (`not written by the vault: <id>`,
// exit 1); with AUDIT_ANCHOR_FILE, deleting the newest rows and seals (and the verifier's checkpoints) is
// caught by a plain `vault audit verify`, which checks the newest published anchor by itself.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/config';
import { connectDatabase } from '../../lib/db/connect';
import { createLogger } from '../../lib/logger';
import { createRuntime } from '../../lib/runtime/create-runtime';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vault-audit-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = { code: number; stdout: string; stderr: string };
function vault(env: Record<string, string>, ...args: string[]): Promise<Outcome> {
  return run(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env }, encoding: 'utf8' }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** SQL on the embedded database while no `vault` process has it open, as a database-level attacker. */
async function withDatabase(dataDir: string, work: (sql: Awaited<ReturnType<typeof connectDatabase>>['sql']) => Promise<void>) {
  const db = await connectDatabase({ dataDir, poolSize: 1 });
  try {
    await work(db.sql);
  } finally {
    await db.close();
  }
}

/** Audit rows written by the vault's own writer (as any audited call would), while no `vault` process runs. */
async function writeRows(dataDir: string, n: number, tag: string) {
  const runtime = await createRuntime({
    config: parseConfig({ VAULT_DATA_DIR: dataDir, AUDIT_SEALER: 'off', WEBHOOK_WORKER: 'off' }),
    logger: createLogger({ level: 'silent' }),
    background: false,
  });
  try {
    for (let i = 0; i < n; i++) await runtime.audit.write({ action: 'detokenize', outcome: 'success', statusCode: 200, requestId: `${tag}-${i}`, accountId: null });
  } finally {
    await runtime.close();
  }
}

/** The verdict: the last line of stdout (log lines, if any, come before it). */
const verdict = (outcome: Outcome) => outcome.stdout.trimEnd().split('\n').at(-1);

const triggersOff = async (sql: Awaited<ReturnType<typeof connectDatabase>>['sql'], work: () => Promise<unknown>) => {
  for (const statement of ['DISABLE TRIGGER audit_logs_no_delete', 'DISABLE TRIGGER audit_logs_append_only']) await sql.query(`ALTER TABLE audit_logs ${statement}`);
  await sql.query('ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_append_only');
  try {
    await work();
  } finally {
    for (const statement of ['ENABLE TRIGGER audit_logs_no_delete', 'ENABLE TRIGGER audit_logs_append_only']) await sql.query(`ALTER TABLE audit_logs ${statement}`);
    await sql.query('ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_append_only');
  }
};

describe('vault audit verify', () => {
  it('names a row inserted with SQL as not written by the vault (exit 1), and never seals it', async () => {
    const env = { VAULT_DATA_DIR: join(dir, 'forged') };
    expect((await vault(env, 'app', 'create', '--name', 'Forgery')).code).toBe(0);
    await writeRows(env.VAULT_DATA_DIR, 2, 'genuine');
    expect((await vault(env, 'audit', 'verify')).code).toBe(0);
    const forged = '00000000-0000-4000-8000-0000000f0f0f';
    await withDatabase(env.VAULT_DATA_DIR, (sql) =>
      sql.query(`INSERT INTO audit_logs (id, action, outcome, status_code, request_id) VALUES ($1::uuid, 'detokenize', 'success', 200, 'forged')`, [forged]).then(() => undefined),
    );
    const verify = await vault(env, 'audit', 'verify');
    expect(verify.code).toBe(1);
    expect(verdict(verify)).toBe(`Audit chain BROKEN: not written by the vault: ${forged}. First broken row: ${forged}.`);
    // The sealer refused it on the way (the command seals first) and said so.
    expect(`${verify.stdout}${verify.stderr}`).toContain('"event":"audit.forged_row"');
    await withDatabase(env.VAULT_DATA_DIR, async (sql) => {
      const [sealed] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_seals WHERE $1::uuid = ANY(row_ids)', [forged]);
      expect(sealed!.n).toBe(0);
    });
  }, 600_000);

  it('with AUDIT_ANCHOR_FILE, a plain verify catches the newest rows and seals deleted (exit 1, naming the anchor)', async () => {
    const anchors = join(dir, 'anchors.log');
    const env = { VAULT_DATA_DIR: join(dir, 'anchored'), AUDIT_ANCHOR_FILE: anchors };
    expect((await vault(env, 'app', 'create', '--name', 'First')).code).toBe(0);
    await writeRows(env.VAULT_DATA_DIR, 2, 'first');
    expect((await vault(env, 'audit', 'verify')).code).toBe(0);
    await writeRows(env.VAULT_DATA_DIR, 2, 'second');
    const intact = await vault(env, 'audit', 'verify');
    expect(intact.code).toBe(0);
    const lines = readFileSync(anchors, 'utf8').trimEnd().split('\n');
    const newest = lines.at(-1)!.split(' ')[1]!;
    expect(newest).toMatch(/^\d+:[0-9a-f]{64}$/);
    expect(intact.stdout).toContain(`Published anchor ${newest.split(':')[0]} found unchanged.`);
    const [index] = newest.split(':');
    // The attacker removes the newest seal, its rows and the verifiers' checkpoints: the chain left is consistent.
    await withDatabase(env.VAULT_DATA_DIR, async (sql) => {
      const [seal] = await sql.query<{ first_seq: string }>('SELECT first_seq::text FROM audit_seals WHERE seal_index = $1', [index]);
      await triggersOff(sql, async () => {
        await sql.query('DELETE FROM audit_logs WHERE seq >= $1', [seal!.first_seq]);
        await sql.query('DELETE FROM audit_seals WHERE seal_index >= $1', [index]);
        await sql.query('DELETE FROM audit_checkpoints');
      });
    });
    const cut = await vault(env, 'audit', 'verify');
    expect(cut.code).toBe(1);
    expect(verdict(cut)).toBe(`Audit chain BROKEN: published anchor ${newest} (AUDIT_ANCHOR_FILE) is missing or changed: the chain was cut.`);
    // Without the file, the same database looks intact: the anchor published elsewhere is what tells.
    expect((await vault({ VAULT_DATA_DIR: env.VAULT_DATA_DIR }, 'audit', 'verify')).code).toBe(0);
  }, 600_000);
});
