// `npx vault import key create|list|revoke` as an operator runs them (issue 26): create prints the armored
// public key and its fingerprint (one JSON object with --json), list shows the keys, revoke makes the key
// open nothing more; create and revoke leave `import_key.*_by_operator` audit rows; bad arguments exit 2.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type TestVault } from '../helpers/test-vault';

const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
let own: OwnDatabase;
let projectId: string;

/** The test vault on this database, opened only while a check reads it (PGlite is one process's). */
async function withVault<T>(run: (vault: TestVault) => Promise<T>): Promise<T> {
  const vault = await startTestVault({ env: own.env });
  try {
    return await run(vault);
  } finally {
    await vault.close();
  }
}

async function vault(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...own.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.once('close', (exit) => resolve(exit ?? -1)));
  return { code, stdout, stderr };
}

beforeAll(async () => {
  own = await ownDatabase();
  projectId = await withVault(async (v) => v.tenants.test.projectId);
}, 120_000);
afterAll(async () => own?.drop());

describe('vault import key', () => {
  it('create prints the public key and fingerprint; list and revoke; audited as import_key.*_by_operator', async () => {
    const plain = await vault(['import', 'key', 'create', '--project', projectId]);
    expect(plain.code, plain.stderr).toBe(0);
    const fingerprint = /^Fingerprint: ([0-9a-f]{40})$/m.exec(plain.stdout)![1]!;
    const armored = /-----BEGIN PGP PUBLIC KEY BLOCK-----[\s\S]+-----END PGP PUBLIC KEY BLOCK-----/.exec(plain.stdout)![0];
    expect((await openpgp.readKey({ armoredKey: armored })).getFingerprint()).toBe(fingerprint);
    expect(plain.stdout).not.toContain('PRIVATE');

    const json = await vault(['import', 'key', 'create', '--project', projectId, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const created = JSON.parse(json.stdout);
    expect(created).toMatchObject({ project_id: projectId, algorithm: 'curve25519', revoked_at: null, fingerprint: expect.stringMatching(/^[0-9a-f]{40}$/) });

    const listed = await vault(['import', 'key', 'list', '--project', projectId, '--json']);
    expect(JSON.parse(listed.stdout).map((key: { fingerprint: string }) => key.fingerprint)).toEqual([created.fingerprint, fingerprint]);

    const revoked = await vault(['import', 'key', 'revoke', fingerprint.toUpperCase()]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`Import key ${fingerprint} revoked`);
    const text = await vault(['import', 'key', 'list']);
    expect(text.stdout).toMatch(new RegExp(`^${fingerprint}  ${projectId}  curve25519  .* revoked `, 'm'));
    expect(text.stdout).toMatch(new RegExp(`^${created.fingerprint}  ${projectId}  curve25519  .* active$`, 'm'));

    await withVault(async (v) => {
      const rows = await v.runtime.db.prisma.auditLog.findMany({ where: { action: { startsWith: 'import_key.' } }, orderBy: { createdAt: 'asc' } });
      expect(rows.map((row) => [row.action, row.resource, row.projectId, row.userId])).toEqual([
        ['import_key.create_by_operator', `import_key:${fingerprint}`, projectId, null],
        ['import_key.create_by_operator', `import_key:${created.fingerprint}`, projectId, null],
        ['import_key.revoke_by_operator', `import_key:${fingerprint}`, projectId, null],
      ]);
      expect(rows.every((row) => row.requestId.startsWith('cli-'))).toBe(true);
    });
  }, 120_000);

  it('bad arguments exit 2 with the usage; an unknown project or key exits 1', async () => {
    const missing = await vault(['import', 'key', 'create']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--project is required');
    expect(missing.stderr).toContain('Usage: vault import key create --project ID [--rsa] [--json]');
    expect((await vault(['import', 'key', 'revoke'])).code).toBe(2);
    expect((await vault(['import', 'key', 'rotate'])).code).toBe(2);
    const unknown = await vault(['import', 'key', 'create', '--project', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no project 00000000-0000-4000-8000-000000000000');
    const noKey = await vault(['import', 'key', 'revoke', 'ab'.repeat(20)]);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain(`no import key ${'ab'.repeat(20)}`);
  }, 120_000);
});
